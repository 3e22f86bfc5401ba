<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BitStrip</name>
    <message>
        <source>e=%1 → 2^%2</source>
        <translation>e=%1 → 2^%2</translation>
    </message>
    <message>
        <source>m=%1</source>
        <translation>m=%1</translation>
    </message>
</context>
<context>
    <name>BitsFigure</name>
    <message numerus="yes">
        <source>%1 in %n format(s)</source>
        <translation>
            <numerusform>%1 在 %n 种格式中</numerusform>
        </translation>
    </message>
    <message>
        <source>rounded once from its exact value into each format</source>
        <translation>从精确值出发，一次舍入到每种格式</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>rounding toward zero</source>
        <translation>向零舍入</translation>
    </message>
    <message>
        <source>rounding up (toward +inf)</source>
        <translation>向上舍入（朝 +inf）</translation>
    </message>
    <message>
        <source>rounding down (toward -inf)</source>
        <translation>向下舍入（朝 -inf）</translation>
    </message>
    <message>
        <source>rounding to odd (the neighbour whose last bit is 1)</source>
        <translation>舍入到奇数（最低位为 1 的那个邻居）</translation>
    </message>
    <message>
        <source>stochastic rounding (up with probability equal to the fraction)</source>
        <translation>随机舍入（以等于小数部分的概率向上）</translation>
    </message>
    <message>
        <source>%1 is exactly representable in %2.</source>
        <translation>%1 在 %2 中可以精确表示。</translation>
    </message>
    <message>
        <source>%1 lies between %2 and %3 and is nearer to %4, so %5 stores %4.</source>
        <translation>%1 位于 %2 与 %3 之间，离 %4 更近，所以 %5 存为 %4。</translation>
    </message>
    <message>
        <source>%1 lies exactly halfway between %2 and %3; ties go to the even mantissa, so %4 stores %5.</source>
        <translation>%1 恰好位于 %2 与 %3 的正中间；平局舍入到偶数尾数，所以 %4 存为 %5。</translation>
    </message>
    <message>
        <source>%1 lies exactly halfway between %2 and %3; ties go away from zero, so %4 stores %5.</source>
        <translation>%1 恰好位于 %2 与 %3 的正中间；平局向远离零的方向舍入，所以 %4 存为 %5。</translation>
    </message>
    <message>
        <source>%1 lies between %2 and %3; %4 gives %5.</source>
        <translation>%1 位于 %2 与 %3 之间；%4 得到 %5。</translation>
    </message>
    <message>
        <source>%1 is beyond %2&apos;s largest finite value %3: it overflows to %4.</source>
        <translation>%1 超出 %2 的最大有限值 %3：上溢为 %4。</translation>
    </message>
    <message>
        <source>%1 is beyond %2&apos;s largest finite value %3, and %2 has no infinity: it becomes NaN (saturation would clamp it to %3).</source>
        <translation>%1 超出 %2 的最大有限值 %3，而 %2 没有无穷大：它变成 NaN（饱和模式会把它截到 %3）。</translation>
    </message>
    <message>
        <source>%1 is beyond %2&apos;s largest finite value %3: it is clamped to %4.</source>
        <translation>%1 超出 %2 的最大有限值 %3：被截断为 %4。</translation>
    </message>
    <message>
        <source>%1 is below %2&apos;s smallest value and %2 has no zero: it becomes %3.</source>
        <translation>%1 小于 %2 的最小值，而 %2 没有零：它变成 %3。</translation>
    </message>
    <message>
        <source>NaN stays NaN in %1.</source>
        <translation>NaN 在 %1 中仍是 NaN。</translation>
    </message>
    <message>
        <source>%1 has no NaN: a NaN becomes %2 and is flagged invalid.</source>
        <translation>%1 没有 NaN：NaN 变成 %2，并标记为无效。</translation>
    </message>
    <message>
        <source>%1 is infinite in %2 too.</source>
        <translation>%1 在 %2 中也是无穷大。</translation>
    </message>
    <message>
        <source>%1 has no infinity: %2 becomes %3.</source>
        <translation>%1 没有无穷大：%2 变成 %3。</translation>
    </message>
    <message>
        <source>%1 has no sign bit: the negative value %2 becomes NaN and is flagged invalid.</source>
        <translation>%1 没有符号位：负值 %2 变成 NaN，并标记为无效。</translation>
    </message>
</context>
<context>
    <name>InspectorState</name>
    <message>
        <source>value %1</source>
        <translation>数值 %1</translation>
    </message>
</context>
<context>
    <name>NeighbourhoodView</name>
    <message>
        <source>%1 between its neighbours</source>
        <translation>%1 与它的相邻值</translation>
    </message>
    <message>
        <source>midpoint</source>
        <translation>中点</translation>
    </message>
</context>
<context>
    <name>ParseError</name>
    <message>
        <source>Type a value: 0.1, 1e-8, 0x1.8p3, inf, or bits such as bf16:0x3DCD</source>
        <translation>请输入一个值：0.1、1e-8、0x1.8p3、inf，或位模式如 bf16:0x3DCD</translation>
    </message>
    <message>
        <source>The value is too long (at most %1 characters)</source>
        <translation>数值太长（最多 %1 个字符）</translation>
    </message>
    <message>
        <source>Unexpected &apos;%1&apos; at position %2</source>
        <translation>第 %2 个位置出现意外的“%1”</translation>
    </message>
    <message>
        <source>Digits are missing at position %1</source>
        <translation>第 %1 个位置缺少数字</translation>
    </message>
    <message>
        <source>The exponent is out of range (at most %1 in size)</source>
        <translation>指数超出范围（绝对值最多 %1）</translation>
    </message>
    <message>
        <source>A hex value needs a binary exponent (0x1.8p3); for bits write a format first (bf16:0x3DCD)</source>
        <translation>十六进制数需要二进制指数（0x1.8p3）；若要输入位模式，请先写格式（bf16:0x3DCD）</translation>
    </message>
    <message>
        <source>Unknown format &apos;%1&apos;</source>
        <translation>未知格式“%1”</translation>
    </message>
    <message>
        <source>Bad bit pattern: write 0x… or 0b… after the format</source>
        <translation>位模式有误：格式后应写 0x… 或 0b…</translation>
    </message>
    <message>
        <source>The bit pattern is wider than the format</source>
        <translation>位模式比格式的位宽还宽</translation>
    </message>
    <message>
        <source>A bit pattern has its own sign bit: drop the sign</source>
        <translation>位模式自带符号位：请去掉正负号</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is too large to be a Floatscope session</source>
        <translation>%1 太大，不可能是 Floatscope 会话文件</translation>
    </message>
    <message>
        <source>%1 is damaged or not a Floatscope session (%2)</source>
        <translation>%1 已损坏或不是 Floatscope 会话文件（%2）</translation>
    </message>
    <message>
        <source>%1 is not a Floatscope session</source>
        <translation>%1 不是 Floatscope 会话文件</translation>
    </message>
    <message>
        <source>%1 was saved by a newer Floatscope (session version %2; this one reads up to %3)</source>
        <translation>%1 由更新版本的 Floatscope 保存（会话版本 %2；本版本最多读取 %3）</translation>
    </message>
    <message>
        <source>%1 has no valid session version</source>
        <translation>%1 没有有效的会话版本号</translation>
    </message>
    <message>
        <source>%1 is damaged: a value, format or setting in it is not valid</source>
        <translation>%1 已损坏：其中的数值、格式或设置无效</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::BitStrip</name>
    <message>
        <source>bit %1: click to flip</source>
        <translation>第 %1 位：点击翻转</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::CustomFormatDialog</name>
    <message>
        <source>Custom format</source>
        <translation>自定义格式</translation>
    </message>
    <message>
        <source>IEEE: inf and NaN at the top exponent</source>
        <translation>IEEE：最大指数表示 inf 与 NaN</translation>
    </message>
    <message>
        <source>FN: no inf, NaN only at all ones (as e4m3fn)</source>
        <translation>FN：没有 inf，只有全 1 是 NaN（如 e4m3fn）</translation>
    </message>
    <message>
        <source>FNUZ: no inf, no -0, NaN at the minus-zero code</source>
        <translation>FNUZ：没有 inf 和 -0，负零编码是 NaN</translation>
    </message>
    <message>
        <source>Unsigned scale: no sign, no zero, NaN at all ones (as e8m0)</source>
        <translation>无符号缩放：没有符号和零，全 1 是 NaN（如 e8m0）</translation>
    </message>
    <message>
        <source>Finite: every code is a number (as fp6/fp4)</source>
        <translation>有限：每个编码都是数（如 fp6/fp4）</translation>
    </message>
    <message>
        <source>Bias other than the usual</source>
        <translation>使用非默认偏置</translation>
    </message>
    <message>
        <source>Exponent bits</source>
        <translation>指数位数</translation>
    </message>
    <message>
        <source>Mantissa bits</source>
        <translation>尾数位数</translation>
    </message>
    <message>
        <source>Special values</source>
        <translation>特殊值</translation>
    </message>
    <message>
        <source>%1: largest finite %2, smallest positive %3</source>
        <translation>%1：最大有限值 %2，最小正数 %3</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::ExportDialog</name>
    <message>
        <source>Export figure</source>
        <translation>导出图</translation>
    </message>
    <message>
        <source>pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <source>centimetres</source>
        <translation>厘米</translation>
    </message>
    <message>
        <source>light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Slide style: large type, thick lines</source>
        <translation>幻灯片样式：大字号、粗线条</translation>
    </message>
    <message>
        <source>Transparent background</source>
        <translation>透明背景</translation>
    </message>
    <message>
        <source>SVG and PDF stay vector with text as text; PNG is drawn at the scale chosen.</source>
        <translation>SVG 和 PDF 保持矢量，文字仍为文字；PNG 按所选倍率绘制。</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation>复制到剪贴板(&amp;C)</translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <source>PNG scale</source>
        <translation>PNG 倍率</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PDF (*.pdf);;PNG (*.png)</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::FormatRow</name>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>次正规数</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正规数</translation>
    </message>
    <message>
        <source>infinity</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>double rounding via fp32: %1</source>
        <translation>经 fp32 双重舍入：%1</translation>
    </message>
    <message>
        <source>Rounding to fp32 first (as torch.tensor(x).to(dtype) does) gives other bits than rounding once from the exact value.</source>
        <translation>先舍入到 fp32（如 torch.tensor(x).to(dtype)）得到的位与从精确值一次舍入不同。</translation>
    </message>
    <message>
        <source>shortest %1</source>
        <translation>最短表示 %1</translation>
    </message>
    <message>
        <source>abs error %1</source>
        <translation>绝对误差 %1</translation>
    </message>
    <message>
        <source>rel error %1</source>
        <translation>相对误差 %1</translation>
    </message>
    <message>
        <source>ulp 2^%1</source>
        <translation>ulp 2^%1</translation>
    </message>
    <message>
        <source>previous %1 &amp;nbsp;&amp;nbsp; next %2</source>
        <translation>前一个 %1 &amp;nbsp;&amp;nbsp; 后一个 %2</translation>
    </message>
    <message>
        <source>Up/Down: next or previous %1 value · right click: copy or remove</source>
        <translation>上/下键：下一个或前一个 %1 值 · 右键：复制或移除</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <source>Copy as JSON</source>
        <translation>复制为 JSON</translation>
    </message>
    <message>
        <source>Copy as LaTeX</source>
        <translation>复制为 LaTeX</translation>
    </message>
    <message>
        <source>Next value</source>
        <translation>下一个值</translation>
    </message>
    <message>
        <source>Previous value</source>
        <translation>前一个值</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::FormatsDialog</name>
    <message>
        <source>Formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Custom format…</source>
        <translation>自定义格式(&amp;C)…</translation>
    </message>
    <message>
        <source>Tick the formats to show, in the order shown:</source>
        <translation>勾选要显示的格式（按列表顺序显示）：</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::HardwarePanel</name>
    <message>
        <source>NaN encoding (known)</source>
        <translation>NaN 编码（已知差异）</translation>
    </message>
    <message>
        <source>subnormal input flushed (known)</source>
        <translation>次正规输入被清零（已知差异）</translation>
    </message>
    <message>
        <source>|x| into e8m0 (known)</source>
        <translation>对 e8m0 取 |x|（已知差异）</translation>
    </message>
    <message>
        <source>UNEXPLAINED</source>
        <translation>无法解释</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — compute capability %2.%3, driver %4, runtime %5. fp8 conversion: %6; fp6/fp4: %7.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 计算能力 %2.%3，驱动 %4，运行时 %5。fp8 转换：%6；fp6/fp4：%7。</translation>
    </message>
    <message>
        <source>native instructions</source>
        <translation>原生指令</translation>
    </message>
    <message>
        <source>emulated</source>
        <translation>软件模拟</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU here&lt;/b&gt;: %1.</source>
        <translation>&lt;b&gt;此处没有 GPU&lt;/b&gt;：%1。</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s own conversion code (%1) is used instead.</source>
        <translation>改用 NVIDIA 自己的转换代码（%1）。</translation>
    </message>
    <message>
        <source>value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>as fp32</source>
        <translation>fp32 表示</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Inputs: &apos;all&apos;, or fp32 bit patterns START-END such as 0x3f800000-0x3fffffff</source>
        <translation>输入：“all”，或 fp32 位模式区间 起点-终点，如 0x3f800000-0x3fffffff</translation>
    </message>
    <message>
        <source>Comparing %1 with %2…</source>
        <translation>正在比较 %1 与 %2…</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>%1 vs %2: %3 inputs in %4 s%5. Agree: %6. NaN encoding: %7. Subnormal input flushed: %8. |x| into e8m0: %9. &lt;b&gt;Unexplained: %10&lt;/b&gt;.</source>
        <translation>%1 对比 %2：%3 个输入，用时 %4 秒%5。一致：%6。NaN 编码：%7。次正规输入清零：%8。对 e8m0 取 |x|：%9。&lt;b&gt;无法解释：%10&lt;/b&gt;。</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation>（已取消）</translation>
    </message>
    <message>
        <source>%1: engine %2; device: —</source>
        <translation>%1：引擎 %2；设备：—</translation>
    </message>
    <message>
        <source>%1: engine %2; device %3 %4</source>
        <translation>%1：引擎 %2；设备 %3 %4</translation>
    </message>
    <message>
        <source>The device did not run: %1</source>
        <translation>设备未能运行：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;The current value and the lesson presets&lt;/b&gt;, rounded to fp32 first (the references take fp32), through every backend: ✓ same bits as the engine, ✗ other bits and why.</source>
        <translation>&lt;b&gt;当前值与课程示例&lt;/b&gt;，先舍入到 fp32（各参考实现只接受 fp32），再经过每个后端：✓ 与引擎位相同，✗ 位不同及原因。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exhaustive verify&lt;/b&gt;: every fp32 input (or a range) through the engine and a backend, on worker threads (rounding and overflow as set above).</source>
        <translation>&lt;b&gt;穷举验证&lt;/b&gt;：每个 fp32 输入（或一个区间）分别经过引擎和后端，在工作线程上运行（舍入与上溢按上方设置）。</translation>
    </message>
    <message>
        <source>&apos;all&apos; (2^32 inputs) or fp32 bit patterns START-END, e.g. 0x3f800000-0x3fffffff</source>
        <translation>“all”（2^32 个输入）或 fp32 位模式区间 起点-终点，如 0x3f800000-0x3fffffff</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>验证(&amp;V)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&lt;b&gt;Device arithmetic&lt;/b&gt;: 1 + 10^-3 added 1000 times with the device&apos;s own fp16, bf16 and fp32 adds, beside the engine&apos;s simulation.</source>
        <translation>&lt;b&gt;设备算术&lt;/b&gt;：用设备自身的 fp16、bf16 和 fp32 加法把 10^-3 加到 1 上 1000 次，并与引擎的模拟对照。</translation>
    </message>
    <message>
        <source>&amp;Run on the device</source>
        <translation>在设备上运行(&amp;R)</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::HistoryDock</name>
    <message>
        <source>History and bookmarks</source>
        <translation>历史与书签</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Bookmarks</source>
        <translation>书签</translation>
    </message>
    <message>
        <source>Remove bookmark</source>
        <translation>移除书签</translation>
    </message>
    <message>
        <source>Values looked at, most recent first: double-click or Enter to return to one</source>
        <translation>查看过的值，最新的在前：双击或回车返回该值</translation>
    </message>
    <message>
        <source>Kept values (Ctrl+D adds the current one; Delete removes)</source>
        <translation>保存的值（Ctrl+D 添加当前值；Delete 移除）</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::MainWindow</name>
    <message>
        <source>About Floatscope</source>
        <translation>关于 Floatscope</translation>
    </message>
    <message>
        <source>&lt;b&gt;Floatscope %1&lt;/b&gt;&lt;p&gt;A microscope for the number formats of machine learning: the bits, the exact value and the rounding of every format side by side, checked against hardware.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Floatscope %1&lt;/b&gt;&lt;p&gt;机器学习数值格式的显微镜：并排展示每种格式的位、精确值与舍入，并与硬件核对。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Floatscope</source>
        <translation>Floatscope</translation>
    </message>
    <message>
        <source>%1 — Floatscope</source>
        <translation>%1 — Floatscope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>示例(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a .floatscope session: value, formats, settings and bookmarks</source>
        <translation>打开 .floatscope 会话：数值、格式、设置与书签</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save the value, formats, settings and bookmarks</source>
        <translation>保存数值、格式、设置与书签</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo value change</source>
        <translation>撤销数值修改(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo value change</source>
        <translation>重做数值修改(&amp;R)</translation>
    </message>
    <message>
        <source>Copy row as &amp;text</source>
        <translation>将该行复制为文本(&amp;T)</translation>
    </message>
    <message>
        <source>Copy row as &amp;JSON</source>
        <translation>将该行复制为 JSON(&amp;J)</translation>
    </message>
    <message>
        <source>Copy row as &amp;LaTeX</source>
        <translation>将该行复制为 LaTeX(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Go to value field</source>
        <translation>转到数值输入框(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Bookmark this value</source>
        <translation>为此值添加书签(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Formats…</source>
        <translation>格式(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;About Floatscope</source>
        <translation>关于 Floatscope(&amp;A)</translation>
    </message>
    <message>
        <source>Neighbourhood</source>
        <translation>相邻值</translation>
    </message>
    <message>
        <source>Bits (the inspector)</source>
        <translation>位（检查器）</translation>
    </message>
    <message>
        <source>Copied the figure “%1”</source>
        <translation>已复制图“%1”</translation>
    </message>
    <message>
        <source>&amp;Export figure…</source>
        <translation>导出图(&amp;E)…</translation>
    </message>
    <message>
        <source>The inspector or a panel as SVG, PDF or PNG for slides</source>
        <translation>将检查器或某个面板导出为用于幻灯片的 SVG、PDF 或 PNG</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>复制图(&amp;C)</translation>
    </message>
    <message>
        <source>The active view as a figure on the clipboard (SVG and PNG)</source>
        <translation>把当前视图作为图复制到剪贴板（SVG 和 PNG）</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation>舍入(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Overflow:</source>
        <translation>上溢(&amp;O)：</translation>
    </message>
    <message>
        <source>Rou&amp;te:</source>
        <translation>路径(&amp;T)：</translation>
    </message>
    <message>
        <source>Formats…</source>
        <translation>格式…</translation>
    </message>
    <message>
        <source>nearest, ties to even</source>
        <translation>就近，平局取偶</translation>
    </message>
    <message>
        <source>nearest, ties away</source>
        <translation>就近，平局远离零</translation>
    </message>
    <message>
        <source>toward zero</source>
        <translation>向零</translation>
    </message>
    <message>
        <source>up (toward +inf)</source>
        <translation>向上（朝 +inf）</translation>
    </message>
    <message>
        <source>down (toward -inf)</source>
        <translation>向下（朝 -inf）</translation>
    </message>
    <message>
        <source>to odd</source>
        <translation>舍入到奇数</translation>
    </message>
    <message>
        <source>stochastic</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <source>as each format&apos;s spec says</source>
        <translation>按各格式规范</translation>
    </message>
    <message>
        <source>saturate to the largest finite</source>
        <translation>饱和到最大有限值</translation>
    </message>
    <message>
        <source>inf or NaN</source>
        <translation>inf 或 NaN</translation>
    </message>
    <message>
        <source>direct: one rounding</source>
        <translation>直接：一次舍入</translation>
    </message>
    <message>
        <source>via fp32 (torch.tensor(x).to(…))</source>
        <translation>经 fp32（torch.tensor(x).to(…)）</translation>
    </message>
    <message>
        <source>via fp64</source>
        <translation>经 fp64</translation>
    </message>
    <message>
        <source>Round to fp32 or fp64 first, as a framework does with a Python float; a row shows a badge where that gives other bits than one rounding (double rounding).</source>
        <translation>先舍入到 fp32 或 fp64（框架处理 Python 浮点数时就是这样）；若结果与一次舍入不同，该行会显示标记（双重舍入）。</translation>
    </message>
    <message>
        <source>Click a bit to flip it · Up/Down on a row steps to the neighbouring value · Ctrl+L: value</source>
        <translation>点击某一位即可翻转 · 在某行按上/下键移到相邻值 · Ctrl+L：输入数值</translation>
    </message>
    <message>
        <source>Copied the %1 row</source>
        <translation>已复制 %1 这一行</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Choose at least one format.</source>
        <translation>请至少选择一种格式。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Floatscope sessions (*.floatscope);;All files (*)</source>
        <translation>Floatscope 会话 (*.floatscope);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Floatscope sessions (*.floatscope)</source>
        <translation>Floatscope 会话 (*.floatscope)</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::ValueEntry</name>
    <message>
        <source>exactly %1</source>
        <translation>精确值 %1</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>数值(&amp;V)：</translation>
    </message>
    <message>
        <source>0.1, 257, 1e-8, 0x1.8p3, inf, bf16:0x3DCD</source>
        <translation>0.1、257、1e-8、0x1.8p3、inf、bf16:0x3DCD</translation>
    </message>
    <message>
        <source>Decimal, scientific, hex float (0x1.8p3), inf or nan, or a format&apos;s bits (bf16:0x3DCD, e4m3fn:0b0111_1110)</source>
        <translation>十进制、科学计数法、十六进制浮点（0x1.8p3）、inf 或 nan，或某格式的位模式（bf16:0x3DCD、e4m3fn:0b0111_1110）</translation>
    </message>
</context>
</TS>
