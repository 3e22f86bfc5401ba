<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AbsorbedUpdatesFigure</name>
    <message>
        <source>%1 weights from %2</source>
        <translation>%1 个权重，来自 %2</translation>
    </message>
    <message>
        <source>%1 pasted weights</source>
        <translation>%1 个粘贴的权重</translation>
    </message>
    <message>
        <source>%1 generated weights (normal, σ = %2, %3 exactly 1, seed %4)</source>
        <translation>%1 个生成的权重（正态分布，σ = %2，%3 恰为 1，种子 %4）</translation>
    </message>
    <message>
        <source>Updates lost in weights stored without an fp32 master copy</source>
        <translation>没有 fp32 主副本时，存储的权重中丢失的更新</translation>
    </message>
    <message>
        <source>%1; each weight gets +u once, rounded as w + u in the storage format.</source>
        <translation>%1；每个权重加一次 +u，按存储格式对 w + u 舍入。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>all (u rounds to 0)</source>
        <translation>全部（u 舍入为 0）</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新量</translation>
    </message>
    <message>
        <source>%1: lost</source>
        <translation>%1：丢失</translation>
    </message>
    <message>
        <source>%1: all lost at</source>
        <translation>%1：全部丢失的阈值</translation>
    </message>
    <message>
        <source>fp32 master: lost</source>
        <translation>fp32 主副本：丢失</translation>
    </message>
    <message>
        <source>no finite weight is large enough to lose it</source>
        <translation>没有哪个有限权重大到会丢失它</translation>
    </message>
    <message>
        <source>the update itself rounds to 0 in %1</source>
        <translation>更新量本身在 %1 中就舍入为 0</translation>
    </message>
    <message>
        <source>every weight with |w| ≥ %1 loses it</source>
        <translation>所有 |w| ≥ %1 的权重都会丢失它</translation>
    </message>
    <message>
        <source>%1: +%2 leaves %3 of %4 weights unchanged (%5); %6.</source>
        <translation>%1：+%2 后，%4 个权重中有 %3 个不变（%5）；%6。</translation>
    </message>
    <message>
        <source>With an fp32 master copy: %1 lost.</source>
        <translation>有 fp32 主副本时：丢失 %1。</translation>
    </message>
    <message>
        <source>|w|</source>
        <translation>|w|</translation>
    </message>
    <message>
        <source>%1 loses +%2 from here</source>
        <translation>%1 从此处起丢失 +%2</translation>
    </message>
    <message>
        <source>%1: every stored weight with |w| ≥ %2 is left unchanged by +%3 (the update is at most half the gap to its neighbour there)</source>
        <translation>%1：所有 |w| ≥ %2 的存储权重在 +%3 后都不变（此处更新量不超过到相邻值间距的一半）</translation>
    </message>
    <message>
        <source>%1 ≤ |w| &lt; %2: %3 weights</source>
        <translation>%1 ≤ |w| &lt; %2：%3 个权重</translation>
    </message>
    <message>
        <source>the %1 weights of the training lab&apos;s model after %2 fp32 steps (its norms&apos; gains start at 1)</source>
        <translation>训练实验室模型在 fp32 训练 %2 步后的 %1 个权重（其归一化增益从 1 开始）</translation>
    </message>
</context>
<context>
    <name>AbsorbedUpdatesPanel</name>
    <message>
        <source>Absorbed updates</source>
        <translation>被吞没的更新</translation>
    </message>
    <message>
        <source>Absorbed</source>
        <translation>吞没</translation>
    </message>
</context>
<context>
    <name>AccumulationFigure</name>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>− exact</source>
        <translation>− 精确值</translation>
    </message>
    <message>
        <source>first stall</source>
        <translation>首次停滞</translation>
    </message>
    <message>
        <source>compensation</source>
        <translation>补偿项</translation>
    </message>
    <message>
        <source>fp32 master</source>
        <translation>fp32 主副本</translation>
    </message>
    <message>
        <source>stored in each format</source>
        <translation>直接存储在各格式中</translation>
    </message>
    <message>
        <source>fp32 master, cast to each format</source>
        <translation>fp32 主副本，转换到各格式</translation>
    </message>
    <message>
        <source>Kahan-compensated in each format</source>
        <translation>在各格式中做 Kahan 补偿求和</translation>
    </message>
    <message>
        <source>stochastic rounding in each format</source>
        <translation>在各格式中随机舍入</translation>
    </message>
    <message>
        <source>%1 + %2, added %3 times (%4)</source>
        <translation>%1 + %2，累加 %3 次（%4）</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确值</translation>
    </message>
    <message>
        <source>the sum</source>
        <translation>累加和</translation>
    </message>
    <message>
        <source>the fp32 master</source>
        <translation>fp32 主副本</translation>
    </message>
    <message>
        <source>from step %1 on, %2 stays at %3</source>
        <translation>从第 %1 步起，%2 一直停在 %3</translation>
    </message>
    <message>
        <source>step %1 left %2 at %3</source>
        <translation>第 %1 步后 %2 仍停在 %3</translation>
    </message>
    <message>
        <source>the corrected increment %1</source>
        <translation>修正后的增量 %1</translation>
    </message>
    <message>
        <source>the increment %1</source>
        <translation>增量 %1</translation>
    </message>
    <message>
        <source>what is added is 0 in %1</source>
        <translation>加上的量在 %1 中为 0</translation>
    </message>
    <message>
        <source>%1 is below half the gap to the next value (ulp %2, gap %3, threshold %4)</source>
        <translation>%1 小于到下一个值间距的一半（ulp %2，间距 %3，阈值 %4）</translation>
    </message>
    <message>
        <source>%1 is exactly half the gap (%2), and the tie goes to the even value</source>
        <translation>%1 恰为间距（%2）的一半，平局舍入到偶数值</translation>
    </message>
    <message>
        <source>stochastic rounding kept it (%1 against a gap of %2)</source>
        <translation>随机舍入保留了原值（%1，间距 %2）</translation>
    </message>
    <message>
        <source>it is the largest finite value, and %1 saturates</source>
        <translation>它已是最大有限值，且 %1 饱和</translation>
    </message>
    <message>
        <source>an add leaves inf and NaN as they are</source>
        <translation>加法不改变 inf 和 NaN</translation>
    </message>
    <message>
        <source>step (logarithmic)</source>
        <translation>步数（对数刻度）</translation>
    </message>
    <message>
        <source>value (logarithmic)</source>
        <translation>数值（对数刻度）</translation>
    </message>
    <message>
        <source>%1: %2: %3.</source>
        <extracomment>A stall in one sentence: the format, what happened, why.</extracomment>
        <translation>%1：%2：%3。</translation>
    </message>
    <message>
        <source>steps that moved the sum</source>
        <translation>改变了和的步数</translation>
    </message>
    <message>
        <source>The compensation keeps what each add loses and hands it on, so %1 still moved on %2 of %3 steps and ends at %4.</source>
        <translation>补偿项记下每次加法丢掉的部分并传给下一步，所以 %1 在 %3 步中仍有 %2 步改变了和，最终为 %4。</translation>
    </message>
    <message>
        <source>Rounding up now and then, %1 still moved on %2 of %3 steps and ends at %4.</source>
        <translation>由于时而向上舍入，%1 在 %3 步中仍有 %2 步改变了和，最终为 %4。</translation>
    </message>
    <message>
        <source>%1 of %2, the first at step %3</source>
        <translation>%2 步中的 %1 步，第一次在第 %3 步</translation>
    </message>
</context>
<context>
    <name>AccumulationText</name>
    <message>
        <source>Kahan&apos;s compensated sum needs a zero and negative values, which %1 lacks</source>
        <translation>Kahan 补偿求和需要零和负值，而 %1 没有</translation>
    </message>
    <message>
        <source>the number of steps must be at least 1, got %1</source>
        <translation>步数至少为 1，得到的是 %1</translation>
    </message>
    <message>
        <source>the number of steps must be at most %1 (10^7), got %2</source>
        <translation>步数至多为 %1（10^7），得到的是 %2</translation>
    </message>
    <message>
        <source>the start value must be finite, got %1</source>
        <translation>起始值必须是有限数，得到的是 %1</translation>
    </message>
    <message>
        <source>the increment must be a number, got nan</source>
        <translation>增量必须是数，得到的是 nan</translation>
    </message>
    <message>
        <source>the increment must be finite, got %1</source>
        <translation>增量必须是有限数，得到的是 %1</translation>
    </message>
    <message>
        <source>random bits must be 1..64, got %1</source>
        <translation>随机位数必须在 1..64 之间，得到的是 %1</translation>
    </message>
</context>
<context>
    <name>AccumulatorMenu</name>
    <message>
        <source>Tensor cores</source>
        <translation>张量核心</translation>
    </message>
    <message>
        <source>%1 (%2 in)</source>
        <translation>%1（输入 %2）</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <source>Your settings could not be saved to %1 (the disk may be full or the folder read-only); the file there was left as it was.</source>
        <translation>无法把设置保存到 %1（磁盘可能已满，或文件夹只读）；那里的文件保持原样。</translation>
    </message>
</context>
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
    <message>
        <source>e=%1: inf</source>
        <translation>e=%1：inf</translation>
    </message>
    <message>
        <source>e=%1: NaN</source>
        <translation>e=%1：NaN</translation>
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
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>relative error %1</source>
        <translation>相对误差 %1</translation>
    </message>
</context>
<context>
    <name>Breakdown</name>
    <message>
        <source>exponent field all ones: infinity when m = 0, NaN otherwise; the formula gives no value for these codes</source>
        <translation>指数字段全为 1：m = 0 时为无穷大，否则为 NaN；公式不给出这些编码的值</translation>
    </message>
    <message>
        <source>in %1 only S.1111.111 (every exponent and mantissa bit set) is NaN; the formula gives no value for it</source>
        <translation>在 %1 中只有 S.1111.111（指数位与尾数位全为 1）是 NaN；公式不给出它的值</translation>
    </message>
    <message>
        <source>in %1 the code of minus zero (1.000…0) is the only NaN; the formula gives no value for it</source>
        <translation>在 %1 中负零的编码（1.000…0）是唯一的 NaN；公式不给出它的值</translation>
    </message>
    <message>
        <source>in %1 all ones is NaN; the formula gives no value for it</source>
        <translation>在 %1 中全 1 编码是 NaN；公式不给出它的值</translation>
    </message>
    <message>
        <source>less than half an ulp: the kept bits stay</source>
        <translation>不到半个 ulp：保留位不变</translation>
    </message>
    <message>
        <source>more than half an ulp: the kept bits go up one ulp</source>
        <translation>超过半个 ulp：保留位进一个 ulp</translation>
    </message>
    <message>
        <source>exactly half an ulp, a tie; the kept last bit is 0 (even), so they stay</source>
        <translation>恰好半个 ulp，平局；保留的末位是 0（偶数），所以不变</translation>
    </message>
    <message>
        <source>exactly half an ulp, a tie; the kept last bit is 1 (odd), so they go up one ulp to the even neighbour</source>
        <translation>恰好半个 ulp，平局；保留的末位是 1（奇数），所以进一个 ulp，到末位为偶数的相邻值</translation>
    </message>
    <message>
        <source>exactly half an ulp, a tie; ties go away from zero: up one ulp</source>
        <translation>恰好半个 ulp，平局；平局远离零：进一个 ulp</translation>
    </message>
    <message>
        <source>this mode rounds toward zero here: the kept bits stay</source>
        <translation>此舍入模式在这里朝零舍入：保留位不变</translation>
    </message>
    <message>
        <source>this mode rounds away from zero here: any discarded 1 sends the kept bits up one ulp</source>
        <translation>此舍入模式在这里远离零舍入：舍去部分只要有一个 1，保留位就进一个 ulp</translation>
    </message>
    <message>
        <source>to odd: the kept last bit is 1 already, so they stay</source>
        <translation>舍入到奇数：保留的末位已是 1，所以不变</translation>
    </message>
    <message>
        <source>to odd: the kept last bit is 0, so it is set (up one ulp)</source>
        <translation>舍入到奇数：保留的末位是 0，于是置为 1（进一个 ulp）</translation>
    </message>
    <message>
        <source>stochastic: the random draw sent the kept bits up one ulp</source>
        <translation>随机舍入：这次随机抽样让保留位进了一个 ulp</translation>
    </message>
    <message>
        <source>2^%1 = %2</source>
        <translation>2^%1 = %2</translation>
    </message>
    <message>
        <source>m/2^%1 = %2</source>
        <translation>m/2^%1 = %2</translation>
    </message>
    <message>
        <source>significand = %1</source>
        <translation>有效数 = %1</translation>
    </message>
    <message>
        <source>value = %1</source>
        <translation>值 = %1</translation>
    </message>
    <message>
        <source>kept %1 · discarded %2 (guard %3, sticky %4): %5</source>
        <translation>保留 %1 · 舍去 %2（保护位 %3，粘滞位 %4）：%5</translation>
    </message>
    <message>
        <source>, past the largest finite value: overflow</source>
        <translation>，超过最大有限值：上溢</translation>
    </message>
    <message>
        <source>stochastic: the random draw left the kept bits as they are</source>
        <translation>随机舍入：这次随机抽样让保留位保持不变</translation>
    </message>
</context>
<context>
    <name>Chart</name>
    <message>
        <source>%1 (under %2)</source>
        <translation>%1（被 %2 遮住）</translation>
    </message>
</context>
<context>
    <name>DelayedScalingFigure</name>
    <message>
        <source>%1 dB</source>
        <translation>%1 dB</translation>
    </message>
    <message>
        <source>%1 (step %2)</source>
        <translation>%1（第 %2 步）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2 步中 %1 步</translation>
    </message>
    <message>
        <source>Delayed against current scaling into %1, %2 steps</source>
        <translation>转成 %1 的延迟缩放与即时缩放，%2 步</translation>
    </message>
    <message>
        <source>amax, and the amax each scale assumed</source>
        <translation>amax，以及每个缩放因子所假定的 amax</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>amax</source>
        <translation>amax</translation>
    </message>
    <message>
        <source>current: the step&apos;s own amax</source>
        <translation>即时：本步自己的 amax</translation>
    </message>
    <message>
        <source>delayed: largest of the last %1</source>
        <translation>延迟：前 %1 步中最大的</translation>
    </message>
    <message>
        <source>Signal to noise, dB (higher is better)</source>
        <translation>信噪比，dB（越高越好）</translation>
    </message>
    <message>
        <source>SQNR (dB)</source>
        <translation>SQNR（dB）</translation>
    </message>
    <message>
        <source>current scaling</source>
        <translation>即时缩放</translation>
    </message>
    <message>
        <source>delayed scaling</source>
        <translation>延迟缩放</translation>
    </message>
    <message>
        <source>delayed scaling clipped</source>
        <translation>延迟缩放发生截断</translation>
    </message>
    <message>
        <source>scaling</source>
        <translation>缩放方式</translation>
    </message>
    <message>
        <source>mean SQNR</source>
        <translation>平均 SQNR</translation>
    </message>
    <message>
        <source>worst SQNR</source>
        <translation>最差 SQNR</translation>
    </message>
    <message>
        <source>steps that clipped</source>
        <translation>发生截断的步数</translation>
    </message>
    <message>
        <source>most clipped</source>
        <translation>截断最多</translation>
    </message>
    <message>
        <source>flushed to 0</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>current</source>
        <translation>即时</translation>
    </message>
    <message>
        <source>delayed</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>%1 normal values per step, all of one size</source>
        <translation>每步 %1 个正态分布的值，大小不变</translation>
    </message>
    <message>
        <source>%1 normal values per step, their size ×2^%2 a step</source>
        <translation>每步 %1 个正态分布的值，大小每步 ×2^%2</translation>
    </message>
    <message>
        <source>, ×%1 at step %2</source>
        <translation>，第 %2 步 ×%1</translation>
    </message>
    <message>
        <source>, ×%1 at steps %2 to %3</source>
        <translation>，第 %2 至 %3 步 ×%1</translation>
    </message>
    <message>
        <source>amax history: the step before</source>
        <translation>amax 历史：前一步</translation>
    </message>
    <message>
        <source>amax history: %1 steps</source>
        <translation>amax 历史：%1 步</translation>
    </message>
    <message>
        <source>%1 · %2 · seed %3 · x × scale rounded to fp32, then to %4 (nearest-even, saturating).</source>
        <translation>%1 · %2 · 种子 %3 · x × 缩放因子先舍入到 fp32，再舍入到 %4（就近取偶，饱和）。</translation>
    </message>
    <message>
        <source>Delayed scaling clipped nothing: no step&apos;s amax outgrew the largest of the %1 steps before it.</source>
        <translation>延迟缩放没有截断任何值：没有哪一步的 amax 超过它之前 %1 步中的最大值。</translation>
    </message>
    <message>
        <source>step %1&apos;s amax</source>
        <translation>第 %1 步的 amax</translation>
    </message>
    <message>
        <source>the largest of steps %1 to %2</source>
        <translation>第 %1 至 %2 步中最大的</translation>
    </message>
    <message>
        <source>At step %1 the amax was %2, but delayed scaling made its scale for %3 (%4): %5 of the values rounded past %6 and were clipped to it. SQNR %7, against %8 with the step&apos;s own amax.</source>
        <translation>第 %1 步的 amax 是 %2，但延迟缩放按 %3（%4）来定缩放因子：%5 的值舍入后超过 %6，被截断为 %6。SQNR 为 %7，用本步自己的 amax 则是 %8。</translation>
    </message>
    <message>
        <source>In %1 of the steps the history held an amax at least twice the step&apos;s own, so the scale was too small: the values sit lower in %2, whose floating-point spacing keeps their relative precision until they reach its subnormals. SQNR stayed within %3 of current scaling; %4 of the values flushed to 0 (current scaling: %5).</source>
        <translation>有 %1 步的历史里存着至少是本步两倍的 amax，所以缩放因子偏小：这些值落在 %2 中更低的位置；浮点格式的间距随数值缩小，只要还没落进次正规数，相对精度就不变。SQNR 与即时缩放相差不超过 %3；%4 的值被清零（即时缩放：%5）。</translation>
    </message>
    <message>
        <source>A scale too small costs little; one too large clips. That is why the FP8 blog checks an amax histogram for saturation, and why current scaling (and DeepSeek-V3&apos;s per-tile scales) pays a pass over the tensor before the cast.</source>
        <translation>缩放因子偏小代价不大，偏大就会截断。所以 FP8 博文要看 amax 直方图确认没有饱和；即时缩放（以及 DeepSeek-V3 的逐 tile 缩放）宁可在转换前多扫一遍张量。</translation>
    </message>
</context>
<context>
    <name>DelayedScalingPanel</name>
    <message>
        <source>Delayed scaling</source>
        <translation>延迟缩放</translation>
    </message>
    <message>
        <source>Delayed</source>
        <translation>延迟缩放</translation>
    </message>
</context>
<context>
    <name>DotTraceFigure</name>
    <message>
        <source>%1 generated pairs (%2, seed %3)</source>
        <translation>%1 对生成的值（%2，种子 %3）</translation>
    </message>
    <message>
        <source>%1 typed pairs</source>
        <translation>%1 对手动输入的值</translation>
    </message>
    <message>
        <source>One inner product opened up: %1 %2 products through %3</source>
        <translation>拆开一次内积：%1 个 %2 乘积经过 %3</translation>
    </message>
    <message>
        <source>%1; %2. Digits on one grid of binary places; hatched: thrown away.</source>
        <translation>%1；%2。各数位画在同一组二进制位上；斜线阴影：被丢弃的位。</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>products</source>
        <translation>乘积</translation>
    </message>
    <message>
        <source>what happens</source>
        <translation>做了什么</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确值</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>thrown away</source>
        <translation>丢弃部分</translation>
    </message>
    <message>
        <source>add, round to %1</source>
        <translation>相加，舍入到 %1</translation>
    </message>
    <message>
        <source>align, truncate, round to %1 bits</source>
        <translation>对齐、截断、舍入到 %1 位</translation>
    </message>
    <message>
        <source>into the fp32 total</source>
        <translation>加入 fp32 总和</translation>
    </message>
    <message>
        <source>%1 = a × b</source>
        <translation>%1 = a × b</translation>
    </message>
    <message>
        <source>%1 = %2 × %3 = %4</source>
        <translation>%1 = %2 × %3 = %4</translation>
    </message>
    <message>
        <source>exact sum</source>
        <translation>精确和</translation>
    </message>
    <message>
        <source>c (carried in)</source>
        <translation>c（上一块带入）</translation>
    </message>
    <message>
        <source>%1 = %2: kept %3, thrown away %4</source>
        <translation>%1 = %2：保留 %3，丢弃 %4</translation>
    </message>
    <message>
        <source>aligned sum</source>
        <translation>对齐后的和</translation>
    </message>
    <message>
        <source>The kept digits added exactly: %1</source>
        <translation>保留下来的数位精确相加：%1</translation>
    </message>
    <message>
        <source>fp32 total</source>
        <translation>fp32 总和</translation>
    </message>
    <message>
        <source>sum so far</source>
        <translation>当前累加和</translation>
    </message>
    <message>
        <source>partial sum</source>
        <translation>部分和</translation>
    </message>
    <message>
        <source>Rounded to %1 (%2): digits below the line are rounded away</source>
        <translation>舍入到 %1（%2）：竖线以下的数位被舍入掉</translation>
    </message>
    <message>
        <source>The block&apos;s terms added exactly: %1</source>
        <translation>这一块的各项精确相加：%1</translation>
    </message>
    <message>
        <source>The %1 products, each exact; their exact sum is %2. Step through to see the model add them.</source>
        <translation>%1 个乘积，每个都是精确的；它们的精确和是 %2。逐步前进，看模型如何把它们加起来。</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步（共 %2 步）</translation>
    </message>
    <message>
        <source>nothing is lost</source>
        <translation>没有丢失任何东西</translation>
    </message>
    <message>
        <source>%1 is lost</source>
        <translation>丢失了 %1</translation>
    </message>
    <message>
        <source>%1: the exact sum rounded once to %2 (%3): %4.</source>
        <translation>%1：精确和一次舍入到 %2（%3）：%4。</translation>
    </message>
    <message>
        <source>%1: the partial sum of %2 added into the fp32 total, rounded to nearest-even: %3.</source>
        <translation>%1：%2 的部分和加入 fp32 总和，就近取偶舍入：%3。</translation>
    </message>
    <message>
        <source>Result: %1 (bits %2). Exact: %3. Relative error: %4.</source>
        <translation>结果：%1（位模式 %2）。精确值：%3。相对误差：%4。</translation>
    </message>
    <message>
        <source>0 (exact)</source>
        <translation>0（精确）</translation>
    </message>
    <message>
        <source>Digits below %1 (%2 more places) are not drawn.</source>
        <translation>%1 以下的数位（还有 %2 位）未画出。</translation>
    </message>
    <message>
        <source>%1 and the carried-in c</source>
        <translation>%1 与带入的 c</translation>
    </message>
    <message>
        <source>%1: %2 aligned to the largest exponent, %3; %4 bits kept below it and the rest cut off; their sum normalised and rounded (%5) to %6 bits: %7.</source>
        <translation>%1：%2 按最大指数 %3 对齐；其下保留 %4 位，其余截掉；它们的和规格化后舍入（%5）到 %6 位：%7。</translation>
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
    <message>
        <source>Rounded to %1 first, %2 is %3. </source>
        <translation>先舍入到 %1，%2 变为 %3。</translation>
    </message>
    <message>
        <source>rounding to nearest, ties to even</source>
        <translation>就近舍入（平局取偶）</translation>
    </message>
    <message>
        <source>rounding to nearest, ties away from zero</source>
        <translation>就近舍入（平局远离零）</translation>
    </message>
    <message>
        <source>Beyond %2, the end of %1&apos;s finite range, the next step would be %3; a value that rounds there overflows to %4.</source>
        <translation>%1 的有限范围止于 %2，再往外一步是 %3；舍入到那里的值会上溢为 %4。</translation>
    </message>
    <message>
        <source>Beyond %2, the end of %1&apos;s finite range, the next step would be %3; %1 has no infinity, so a value that rounds there becomes NaN (saturation would clamp it to %2).</source>
        <translation>%1 的有限范围止于 %2，再往外一步是 %3；%1 没有无穷大，舍入到那里的值会变成 NaN（饱和模式会把它截到 %2）。</translation>
    </message>
    <message>
        <source>Beyond %2, the end of %1&apos;s finite range, the next step would be %3; saturating, %1 clamps a value that rounds there to %2.</source>
        <translation>%1 的有限范围止于 %2，再往外一步是 %3；在饱和模式下，%1 把舍入到那里的值截到 %2。</translation>
    </message>
    <message>
        <source>Beyond %2, the end of %1&apos;s finite range, the next step would be %3; %1 has neither infinity nor NaN, so a value that rounds there is clamped to %2.</source>
        <translation>%1 的有限范围止于 %2，再往外一步是 %3；%1 既没有无穷大也没有 NaN，舍入到那里的值会被截到 %2。</translation>
    </message>
    <message>
        <source>%1 is the next step past %2, the end of %3&apos;s finite range.</source>
        <translation>%1 正是 %3 的有限范围终点 %2 再往外的一步。</translation>
    </message>
    <message>
        <source>%1 lies beyond %4, the next step past %2, the end of %3&apos;s finite range.</source>
        <translation>%1 超出了 %4，即 %3 的有限范围终点 %2 再往外的一步。</translation>
    </message>
    <message>
        <source>%1 lies exactly halfway between %2, the end of %3&apos;s finite range, and %4, the next step beyond it; ties go to the even mantissa, which is %4&apos;s.</source>
        <translation>%1 恰好位于 %2（%3 的有限范围终点）与 %4（再往外的一步）的正中间；平局舍入到偶数尾数，而偶数尾数属于 %4。</translation>
    </message>
    <message>
        <source>%1 lies exactly halfway between %2, the end of %3&apos;s finite range, and %4, the next step beyond it; ties go away from zero, to %4.</source>
        <translation>%1 恰好位于 %2（%3 的有限范围终点）与 %4（再往外的一步）的正中间；平局向远离零的方向舍入，即到 %4。</translation>
    </message>
    <message>
        <source>%1 lies between %2, the end of %3&apos;s finite range, and %4, the next step beyond it, and is nearer to %4.</source>
        <translation>%1 位于 %2（%3 的有限范围终点）与 %4（再往外的一步）之间，离 %4 更近。</translation>
    </message>
    <message>
        <source>%1 lies between %2, the end of %3&apos;s finite range, and %4, the next step beyond it; %5 gives %4.</source>
        <translation>%1 位于 %2（%3 的有限范围终点）与 %4（再往外的一步）之间；%5 得到 %4。</translation>
    </message>
    <message>
        <source>%1 has no infinity: it becomes NaN (saturation would clamp it to %2).</source>
        <translation>%1 没有无穷大：它变成 NaN（饱和模式会把它截到 %2）。</translation>
    </message>
    <message>
        <source>%1 never leaves the finite range: %2 stores %3.</source>
        <translation>%1 不会越出有限范围：%2 存为 %3。</translation>
    </message>
    <message>
        <source>Saturating, %1 clamps it to %2.</source>
        <translation>在饱和模式下，%1 把它截到 %2。</translation>
    </message>
    <message>
        <source>%1 has neither infinity nor NaN: it is clamped to %2.</source>
        <translation>%1 既没有无穷大也没有 NaN：它被截到 %2。</translation>
    </message>
    <message>
        <source>%1 has no finite value past %2: it overflows to %3.</source>
        <translation>%1 在 %2 之外没有有限值：上溢为 %3。</translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <source>a figure of %1 x %2 pixels: each side must be %3 to %4 pixels (a slide is 1920 x 1080)</source>
        <translation>图为 %1 × %2 像素：每边须在 %3 到 %4 像素之间（一张幻灯片为 1920 × 1080）</translation>
    </message>
    <message>
        <source>a %1 x %2 figure at scale %3 is a PNG of %4 pixels a side; at most %5 (lower the scale or the size)</source>
        <translation>%1 × %2 的图按倍率 %3 导出为 PNG 时每边 %4 像素；最多 %5（请降低倍率或尺寸）</translation>
    </message>
    <message>
        <source>cannot make a %1 x %2 PNG</source>
        <translation>无法生成 %1 × %2 的 PNG</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the file must end in .svg, .pdf or .png</source>
        <translation>“%1”：文件名须以 .svg、.pdf 或 .png 结尾</translation>
    </message>
    <message>
        <source>cannot write %1: %2 (a file already there is unchanged)</source>
        <translation>无法写入 %1：%2（已有的同名文件保持不变）</translation>
    </message>
    <message>
        <source>cancelled: %1 is unchanged</source>
        <translation>已取消：%1 保持不变</translation>
    </message>
</context>
<context>
    <name>FileProblem</name>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <source>not a regular file (a folder, device or FIFO is not read)</source>
        <translation>不是普通文件（不读取文件夹、设备或命名管道）</translation>
    </message>
    <message>
        <source>larger than %1, the most that is read</source>
        <translation>大于读取上限 %1</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
</context>
<context>
    <name>FormatText</name>
    <message>
        <source>IEEE 754 binary64</source>
        <translation>IEEE 754 binary64（双精度）</translation>
    </message>
    <message>
        <source>IEEE 754 binary32</source>
        <translation>IEEE 754 binary32（单精度）</translation>
    </message>
    <message>
        <source>NVIDIA TensorFloat-32: 19 significant bits kept in a 32-bit container; the hardware conversion cvt.rna.tf32.f32 rounds to nearest, ties away</source>
        <translation>NVIDIA TensorFloat-32：在 32 位容器中保留 19 位有效位；硬件转换 cvt.rna.tf32.f32 就近舍入，平局远离零</translation>
    </message>
    <message>
        <source>IEEE 754 binary16</source>
        <translation>IEEE 754 binary16（半精度）</translation>
    </message>
    <message>
        <source>bfloat16: fp32&apos;s exponent, 7 mantissa bits</source>
        <translation>bfloat16：fp32 的指数，7 位尾数</translation>
    </message>
    <message>
        <source>OCP FP8 E4M3: no inf, NaN at S.1111.111, max 448</source>
        <translation>OCP FP8 E4M3：无 inf，NaN 编码为 S.1111.111，最大值 448</translation>
    </message>
    <message>
        <source>IEEE-like E4M3, the lesson&apos;s teaching formula: inf and NaN take exponent 1111, max 240 (not the hardware fp8; that is e4m3fn, max 448)</source>
        <translation>类 IEEE 的 E4M3，即课程里的教学公式：inf 与 NaN 占用指数 1111，最大值 240（不是硬件 fp8；硬件的是 e4m3fn，最大值 448）</translation>
    </message>
    <message>
        <source>OCP FP8 E5M2: IEEE-like, max 57344</source>
        <translation>OCP FP8 E5M2：类 IEEE，最大值 57344</translation>
    </message>
    <message>
        <source>E4M3 FNUZ (Graphcore/AMD): bias 8, no inf, no -0, NaN at 0x80, max 240</source>
        <translation>E4M3 FNUZ（Graphcore/AMD）：偏置 8，无 inf，无 -0，NaN 编码为 0x80，最大值 240</translation>
    </message>
    <message>
        <source>E5M2 FNUZ (Graphcore/AMD): bias 16, no inf, no -0, NaN at 0x80, max 57344</source>
        <translation>E5M2 FNUZ（Graphcore/AMD）：偏置 16，无 inf，无 -0，NaN 编码为 0x80，最大值 57344</translation>
    </message>
    <message>
        <source>OCP MX FP6 E2M3: no inf, no NaN, max 7.5</source>
        <translation>OCP MX FP6 E2M3：无 inf，无 NaN，最大值 7.5</translation>
    </message>
    <message>
        <source>OCP MX FP6 E3M2: no inf, no NaN, max 28</source>
        <translation>OCP MX FP6 E3M2：无 inf，无 NaN，最大值 28</translation>
    </message>
    <message>
        <source>OCP MX FP4 E2M1: no inf, no NaN, max 6</source>
        <translation>OCP MX FP4 E2M1：无 inf，无 NaN，最大值 6</translation>
    </message>
    <message>
        <source>OCP MX E8M0 scale: powers of two 2^-127..2^127, no sign, no zero, NaN at 0xFF</source>
        <translation>OCP MX E8M0 缩放因子：2 的幂 2^-127..2^127，无符号位，无零，NaN 编码为 0xFF</translation>
    </message>
    <message>
        <source>user-defined format: %1 exponent bits, %2 mantissa bits, bias %3</source>
        <translation>自定义格式：%1 位指数，%2 位尾数，偏置 %3</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos; (see &apos;floatscope formats&apos;)</source>
        <translation>未知格式“%1”（参见 floatscope formats）</translation>
    </message>
    <message>
        <source>bad bias in format &apos;%1&apos;</source>
        <translation>格式“%1”中的偏置无效</translation>
    </message>
    <message>
        <source>exponent bits must be 1..%1</source>
        <translation>指数位数必须在 1..%1 之间</translation>
    </message>
    <message>
        <source>mantissa bits must be 0..%1</source>
        <translation>尾数位数必须在 0..%1 之间</translation>
    </message>
    <message>
        <source>an IEEE-style format needs at least 2 exponent bits and 1 mantissa bit (for inf and NaN)</source>
        <translation>IEEE 式格式至少需要 2 位指数和 1 位尾数（用于 inf 与 NaN）</translation>
    </message>
    <message>
        <source>this convention needs at least 2 exponent and mantissa bits together</source>
        <translation>这种约定要求指数位与尾数位合计至少 2 位</translation>
    </message>
    <message>
        <source>bias must be within +-%1</source>
        <translation>偏置必须在 ±%1 之内</translation>
    </message>
    <message>
        <source>format &apos;%1&apos;: %2</source>
        <translation>格式“%1”：%2</translation>
    </message>
</context>
<context>
    <name>HardwareText</name>
    <message>
        <source>nearest-even</source>
        <translation>就近取偶</translation>
    </message>
    <message>
        <source>nearest-away</source>
        <translation>就近远离零</translation>
    </message>
    <message>
        <source>toward-zero</source>
        <translation>向零</translation>
    </message>
    <message>
        <source>up</source>
        <translation>向上</translation>
    </message>
    <message>
        <source>down</source>
        <translation>向下</translation>
    </message>
    <message>
        <source>odd</source>
        <translation>舍入到奇数</translation>
    </message>
    <message>
        <source>stochastic</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <source>saturate</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>no-saturate</source>
        <translation>不饱和</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s conversion functions on a CUDA device (none usable here)</source>
        <translation>NVIDIA 在 CUDA 设备上的转换函数（本机没有可用设备）</translation>
    </message>
    <message>
        <source>%1 (compute capability %2.%3), NVIDIA&apos;s device conversion functions</source>
        <translation>%1（计算能力 %2.%3），NVIDIA 设备端转换函数</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s conversion functions from the CUDA %1.%2 headers, run on the CPU</source>
        <translation>NVIDIA 的转换函数（取自 CUDA %1.%2 头文件），在 CPU 上运行</translation>
    </message>
    <message>
        <source>the CPU&apos;s F16C instruction VCVTPS2PH (fp32 to fp16)</source>
        <translation>CPU 的 F16C 指令 VCVTPS2PH（fp32 转 fp16）</translation>
    </message>
    <message>
        <source>the CPU&apos;s AVX512-BF16 instruction VCVTNEPS2BF16 (fp32 to bf16; flushes subnormal inputs)</source>
        <translation>CPU 的 AVX512-BF16 指令 VCVTNEPS2BF16（fp32 转 bf16；次正规输入按零处理）</translation>
    </message>
    <message>
        <source>This machine has no usable GPU.</source>
        <translation>本机没有可用的 GPU。</translation>
    </message>
    <message>
        <source>This CPU has no F16C instructions.</source>
        <translation>这颗 CPU 没有 F16C 指令。</translation>
    </message>
    <message>
        <source>This CPU has no AVX512-BF16 instructions.</source>
        <translation>这颗 CPU 没有 AVX512-BF16 指令。</translation>
    </message>
    <message>
        <source>this build has no CUDA device support (nvcc was not found when Floatscope was built)</source>
        <translation>此版本不含 CUDA 设备支持（构建 Floatscope 时未找到 nvcc）</translation>
    </message>
    <message>
        <source>the CUDA runtime did not start: %1</source>
        <translation>CUDA 运行时未能启动：%1</translation>
    </message>
    <message>
        <source>the CUDA driver reports no device</source>
        <translation>CUDA 驱动报告没有设备</translation>
    </message>
    <message>
        <source>CUDA device 0 cannot be queried: %1</source>
        <translation>无法查询 CUDA 设备 0：%1</translation>
    </message>
    <message>
        <source>this CPU has no F16C instructions</source>
        <translation>这颗 CPU 没有 F16C 指令</translation>
    </message>
    <message>
        <source>this CPU has no AVX512-BF16 instructions</source>
        <translation>这颗 CPU 没有 AVX512-BF16 指令</translation>
    </message>
    <message>
        <source>no usable GPU here (%1)</source>
        <translation>本机没有可用的 GPU（%1）</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>%1 has %2 bits; the batch path covers 16 or fewer</source>
        <translation>%1 有 %2 位；批量路径只支持 16 位及以下</translation>
    </message>
    <message>
        <source>stochastic rounding draws per element; use the scalar path</source>
        <translation>随机舍入需逐元素取随机数；请用标量路径</translation>
    </message>
    <message>
        <source>%1 is wider than the kernel&apos;s 32-bit codes and fp32&apos;s exponent</source>
        <translation>%1 超出批量内核的 32 位编码和 fp32 的指数范围</translation>
    </message>
    <message>
        <source>%1 is not available: %2</source>
        <translation>%1 不可用：%2</translation>
    </message>
    <message>
        <source>%1 does not convert to %2 with %3, %4</source>
        <translation>%1 不支持以 %3、%4 转换到 %2</translation>
    </message>
    <message>
        <source>%1: %2 compared in %3 s%4. Agree: %5. NaN encoding: %6. Zero sign: %7. &lt;b&gt;Unexplained: %8&lt;/b&gt;.</source>
        <translation>%1：%3 秒内比较了 %2 个%4。一致：%5。NaN 编码：%6。零的符号：%7。&lt;b&gt;无法解释：%8&lt;/b&gt;。</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation>（已取消）</translation>
    </message>
    <message>
        <source>&lt;br&gt;#%1: model 0x%2, hardware 0x%3 — %4</source>
        <translation>&lt;br&gt;#%1：模型 0x%2，硬件 0x%3 — %4</translation>
    </message>
    <message>
        <source>not observable with these inputs</source>
        <translation>这些输入下无法观测</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>read as zero</source>
        <translation>按零读入</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>no mode fits</source>
        <translation>没有吻合的舍入方式</translation>
    </message>
    <message>
        <source>no normalisation point up to the largest tried</source>
        <translation>在试过的最大长度内没有规格化点</translation>
    </message>
    <message>
        <source>no carry lost</source>
        <translation>没有丢失进位</translation>
    </message>
    <message>
        <source>a carry is lost</source>
        <translation>会丢失进位</translation>
    </message>
    <message>
        <source>%1 multiplies %2 inputs, which the GPU&apos;s matrix library (cuBLASLt) does not take</source>
        <translation>%1 的矩阵乘法输入为 %2，GPU 的矩阵库（cuBLASLt）不接受这种格式</translation>
    </message>
    <message>
        <source>%1 multiplies %2 inputs, which need compute capability %3.%4 or later; %5 has %6.%7</source>
        <translation>%1 的矩阵乘法输入为 %2，需要计算能力 %3.%4 或更高；%5 只有 %6.%7</translation>
    </message>
    <message>
        <source>%1 multiplies e5m2 by e5m2, which cuBLASLt has no kernel for (it pairs e5m2 with e4m3fn only)</source>
        <translation>%1 要把 e5m2 与 e5m2 相乘，cuBLASLt 没有这样的内核（它只把 e5m2 与 e4m3fn 配对）</translation>
    </message>
</context>
<context>
    <name>HeatmapFigure</name>
    <message>
        <source>Absolute error</source>
        <translation>绝对误差</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>%1 of %2 in %3</source>
        <translation>%2 经 %3 量化后的%1</translation>
    </message>
    <message>
        <source>The heatmap is drawn for 2-D tensors: load a matrix, or give a shape such as 64x64.</source>
        <translation>热力图只针对二维张量：请加载矩阵，或给出形状，如 64x64。</translation>
    </message>
    <message>
        <source>exact (0)</source>
        <translation>精确（0）</translation>
    </message>
    <message>
        <source>%1 × %2 elements; each cell the largest %3 of %4 × %5 elements; white lines: the scheme&apos;s block boundaries (where they are not too dense to draw)</source>
        <translation>%1 × %2 个元素；每格取 %4 × %5 个元素中最大的%3；白线：缩放方式的块边界（过密时不画）</translation>
    </message>
    <message>
        <source>absolute error</source>
        <translation>绝对误差</translation>
    </message>
    <message>
        <source>relative error</source>
        <translation>相对误差</translation>
    </message>
</context>
<context>
    <name>InnerProductsFigure</name>
    <message>
        <source>Relative error of a K-term inner product: %1 inputs (%2)</source>
        <translation>K 项内积的相对误差：%1 输入，%2</translation>
    </message>
    <message>
        <source>The first K products of one generated pair of vectors (seed %1), each product exact, summed by each accumulator and compared with the exact sum.</source>
        <translation>一对生成向量（种子 %1）的前 K 个乘积，每个乘积都是精确的；由各累加器求和，再与精确和比较。</translation>
    </message>
    <message>
        <source>Dashed: partial sums of %1 products promoted into fp32, as DeepSeek-V3 does on Hopper (section 3.3.2).</source>
        <translation>虚线：每 %1 个乘积的部分和提升到 fp32 累加，正如 DeepSeek-V3 在 Hopper 上的做法（第 3.3.2 节）。</translation>
    </message>
    <message>
        <source>accumulator</source>
        <translation>累加器</translation>
    </message>
    <message>
        <source>rel. error at K = %1</source>
        <translation>K = %1 时的相对误差</translation>
    </message>
    <message>
        <source>a sum of ones stops at</source>
        <translation>全 1 求和停在</translation>
    </message>
    <message>
        <source>model&apos;s source</source>
        <translation>模型出处</translation>
    </message>
    <message>
        <source>0 (exact)</source>
        <translation>0（精确）</translation>
    </message>
    <message>
        <source>%1 (K = %2)</source>
        <translation>%1（K = %2）</translation>
    </message>
    <message>
        <source>counts past %1</source>
        <translation>超过 %1 仍在计数</translation>
    </message>
    <message>
        <source>It counts every one of %1 ones.</source>
        <translation>%1 个 1 一个不少地全部计入。</translation>
    </message>
    <message>
        <source>A sum of ones stops at %1: the next one is lost (%1 + 1 rounds back to %1).</source>
        <translation>全 1 求和停在 %1：下一个 1 丢失了（%1 + 1 舍入回 %1）。</translation>
    </message>
    <message>
        <source>The sum of %1 ones is %2, not %1.</source>
        <translation>%1 个 1 的和是 %2，而不是 %1。</translation>
    </message>
    <message>
        <source>%1 — %2. %3</source>
        <translation>%1 — %2。%3</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>%1 stops at %2</source>
        <translation>%1 停在 %2</translation>
    </message>
    <message>
        <source>K, the number of products summed</source>
        <translation>K：求和的乘积个数</translation>
    </message>
    <message>
        <source>%1, K = %2: relative error %3
value %4
exact %5</source>
        <translation>%1，K = %2：相对误差 %3
结果 %4
精确值 %5</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>off at K = %1 (%2)</source>
        <translation>K = %1 时出错（%2）</translation>
    </message>
    <message>
        <source>%1 first off at K = %2</source>
        <translation>%1 在 K = %2 时首次出错</translation>
    </message>
</context>
<context>
    <name>InnerProductsPanel</name>
    <message>
        <source>Inner products</source>
        <translation>内积</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>内积</translation>
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
    <name>LectureNotes</name>
    <message>
        <source>Lesson 14 says BF16 covers more than 80 orders of magnitude; in fact it covers about 78.6 decades from its smallest subnormal (2⁻¹³³ ≈ 9.2×10⁻⁴¹) to its largest value (≈ 3.39×10³⁸), and about 76.5 decades counting normal numbers only.</source>
        <translation>第 14 课说 BF16 覆盖超过 80 个数量级；实际上，从最小次正规数（2⁻¹³³ ≈ 9.2×10⁻⁴¹）到最大值（≈ 3.39×10³⁸）约为 78.6 个数量级，只算正规数则约为 76.5 个。</translation>
    </message>
    <message>
        <source>The BF16/FP8 overview gives FP8 ranges of 10⁻⁶ to 10⁴ (E4M3) and 10⁻¹⁴ to 10⁴ (E5M2); those lower ends are the binary exponents 2⁻⁶ and 2⁻¹⁴ misread as powers of ten: in fact E4M3 runs from 2⁻⁹ ≈ 1.95×10⁻³ (smallest normal 2⁻⁶ ≈ 0.0156) to 448, and E5M2 from 2⁻¹⁶ ≈ 1.5×10⁻⁵ (smallest normal 2⁻¹⁴ ≈ 6.1×10⁻⁵) to 57,344.</source>
        <translation>BF16/FP8 概述文章给出的 FP8 范围是 10⁻⁶～10⁴（E4M3）和 10⁻¹⁴～10⁴（E5M2），其下限其实是把二进制指数 2⁻⁶ 和 2⁻¹⁴ 误当成了 10 的幂：实际上 E4M3 的范围是 2⁻⁹ ≈ 1.95×10⁻³（最小正规数 2⁻⁶ ≈ 0.0156）到 448，E5M2 是 2⁻¹⁶ ≈ 1.5×10⁻⁵（最小正规数 2⁻¹⁴ ≈ 6.1×10⁻⁵）到 57,344。</translation>
    </message>
    <message>
        <source>Lesson 14 says fp16 gradients between 10⁻⁶ and 10⁻⁸ underflow to zero; in fact 10⁻⁶ and 10⁻⁷ become subnormals (1.013×10⁻⁶ and 1.192×10⁻⁷, off by 1.3% and 19%), and only values at or below 2⁻²⁵ ≈ 2.98×10⁻⁸, such as 10⁻⁸, become zero.</source>
        <translation>第 14 课说 10⁻⁶ 到 10⁻⁸ 的梯度在 FP16 中会下溢为零；实际上 10⁻⁶ 和 10⁻⁷ 会变成次正规数（1.013×10⁻⁶ 和 1.192×10⁻⁷，误差分别为 1.3% 和 19%），只有不大于 2⁻²⁵ ≈ 2.98×10⁻⁸ 的值（例如 10⁻⁸）才会变成零。</translation>
    </message>
    <message>
        <source>The BF16/FP8 overview labels 128×128 weight blocks and 1×128 activation tiles as NVIDIA MXFP8; in fact those are DeepSeek-V3&apos;s block sizes (with FP32 scales amax/448), while MXFP8 shares one power-of-two E8M0 scale across each block of 32 consecutive values.</source>
        <translation>BF16/FP8 概述文章把 128×128 权重块和 1×128 激活 tile 称为 NVIDIA MXFP8；实际上这是 DeepSeek-V3 的分块方式（缩放因子为 FP32 的 amax/448），而 MXFP8 是每 32 个连续数值共用一个 2 的幂形式的 E8M0 缩放因子。</translation>
    </message>
    <message>
        <source>The BF16/FP8 overview presents PyTorch&apos;s GradScaler as FP8 delayed scaling; in fact GradScaler is fp16 loss scaling (one loss multiplier, halved on inf/NaN and doubled after a run of good steps), while delayed scaling sets each FP8 tensor&apos;s scale from the amax recorded in earlier steps (e.g. 448/amax for E4M3).</source>
        <translation>BF16/FP8 概述文章把 PyTorch 的 GradScaler 当作 FP8 的延迟缩放；实际上 GradScaler 是 FP16 的损失缩放（整个损失乘一个倍数，遇到 inf/NaN 减半，连续若干步正常后加倍），而延迟缩放是按前几步记录的 amax 为每个 FP8 张量确定缩放因子（例如 E4M3 用 448/amax）。</translation>
    </message>
    <message>
        <source>The BF16 lesson says the anchor model&apos;s 16 bytes per parameter (444.5 GB) is 5.6 times an 80 GB card; in fact an &quot;80 GB&quot; H100 holds 80 GiB, and 444.5 GB is 413.98 GiB, so it is 5.17 cards (5.6 only if the card held 80×10⁹ bytes); either way six cards are needed before activations.</source>
        <translation>BF16 一课说锚点模型每参数 16 字节（444.5 GB）是 80 GB 单卡的 5.6 倍；实际上所谓 80 GB 的 H100 显存是 80 GiB，而 444.5 GB 等于 413.98 GiB，所以是 5.17 张卡（只有当一张卡是 80×10⁹ 字节时才是 5.6 倍）；无论按哪种算法，不算激活也需要 6 张卡。</translation>
    </message>
    <message>
        <source>Lesson 14 says the bf16 copy of an fp32 master weight (1.0 plus 0.001 per step) first moves after 8 steps; in fact with round-to-nearest-even, which the lesson itself uses and PyTorch&apos;s cast does, it moves to 1.0078125 at step 4, as soon as the master (1.004) passes the midpoint 1.00390625; 8 steps is what a truncating cast gives.</source>
        <translation>第 14 课说 FP32 主权重（1.0，每步加 0.001）的 BF16 副本要累积 8 步才会变化；实际上按就近舍入、平局取偶（该课自己用的规则，也是 PyTorch 类型转换的规则），第 4 步主权重达到 1.004、超过中点 1.00390625，BF16 副本就跳到 1.0078125；8 步是截断式转换的结果。</translation>
    </message>
    <message>
        <source>The BF16 lesson says per-block scaling cuts 0.01&apos;s error in [1000, 0.01, 0.02, 0.5] from 12.8% to 0.45%; that holds only if 1000 sits in another block, since all four values fit in one 1×128 tile and then scale exactly like the whole tensor (E4M3, scale 1000/448, error 12.8%); the 0.45% comes from a block whose largest value is 0.5 (0.01 → 9 × 0.5/448 ≈ 0.010045).</source>
        <translation>BF16 一课说分块缩放让张量 [1000, 0.01, 0.02, 0.5] 中 0.01 的误差从 12.8% 降到 0.45%；这只有在 1000 落在另一个块里时才成立：这四个数放得进同一个 1×128 tile，那样它们的缩放和整张量完全相同（E4M3，缩放因子 1000/448，误差仍是 12.8%）；0.45% 来自最大值为 0.5 的块（0.01 → 9 × 0.5/448 ≈ 0.010045）。</translation>
    </message>
    <message>
        <source>Lesson 14&apos;s table gives E4M3&apos;s smallest normal number as about 1.95×10⁻³; in fact that is its smallest subnormal (2⁻⁹), and the smallest normal is 2⁻⁶ = 0.015625, as the lesson&apos;s own code output (1.562e-02) shows.</source>
        <translation>第 14 课的表格把 E4M3 的最小正规数写成约 1.95×10⁻³；实际上这是它的最小次正规数（2⁻⁹），最小正规数是 2⁻⁶ = 0.015625，该课自己的代码输出（1.562e-02）也是这个值。</translation>
    </message>
    <message>
        <source>The BF16/FP8 overview&apos;s FP8 code calls torch.set_float8_matmul_precision and torch.fp8_autocast; in fact PyTorch has neither (it has torch.set_float32_matmul_precision, which picks TF32/bf16 for fp32 matmuls), and fp8_autocast lives in NVIDIA Transformer Engine as transformer_engine.pytorch.fp8_autocast.</source>
        <translation>BF16/FP8 概述文章的 FP8 代码调用了 torch.set_float8_matmul_precision 和 torch.fp8_autocast；实际上 PyTorch 没有这两个函数（它只有 torch.set_float32_matmul_precision，用来让 FP32 矩阵乘改用 TF32/BF16 计算），fp8_autocast 在 NVIDIA Transformer Engine 里，即 transformer_engine.pytorch.fp8_autocast。</translation>
    </message>
    <message>
        <source>Lesson 14 says BF16&apos;s dynamic range is exactly the same as FP32&apos;s; in fact only the exponent range of normal numbers is shared (smallest normal 2⁻¹²⁶ in both): BF16&apos;s largest value is 3.3895×10³⁸ against FP32&apos;s 3.4028×10³⁸, and its smallest subnormal is 2⁻¹³³ ≈ 9.2×10⁻⁴¹ against FP32&apos;s 2⁻¹⁴⁹ ≈ 1.4×10⁻⁴⁵.</source>
        <translation>第 14 课说 BF16 的动态范围与 FP32 完全相同；实际上两者只是正规数的指数范围相同（最小正规数都是 2⁻¹²⁶）：BF16 的最大值是 3.3895×10³⁸，FP32 是 3.4028×10³⁸；BF16 的最小次正规数是 2⁻¹³³ ≈ 9.2×10⁻⁴¹，FP32 则是 2⁻¹⁴⁹ ≈ 1.4×10⁻⁴⁵。</translation>
    </message>
    <message>
        <source>Lesson 14 gives E4M3&apos;s maximum as 448 in its table but its own float_props prints 240; both are right under different conventions: 240 = 1.875 × 2⁷ is the IEEE-like E4M3 that keeps exponent 1111 for inf/NaN, while 448 = 1.75 × 2⁸ is the OCP E4M3FN format that hardware and PyTorch use.</source>
        <translation>第 14 课的表格写 E4M3 的最大值是 448，而它自己的 float_props 输出的是 240；两者在不同约定下都对：240 = 1.875 × 2⁷ 是把指数 1111 留给 inf/NaN 的类 IEEE E4M3，448 = 1.75 × 2⁸ 是硬件和 PyTorch 使用的 OCP E4M3FN 格式。</translation>
    </message>
    <message>
        <source>Lesson 14&apos;s float_props calls epsilon = 2⁻ᵐ &quot;the first representable number after 1.0&quot;; in fact it is the gap between 1.0 and that number: the next number after 1.0 is 1 + 2⁻ᵐ (1.0078125 in BF16), and epsilon is 2⁻ᵐ (0.0078125).</source>
        <translation>第 14 课的 float_props 把 epsilon = 2⁻ᵐ 注释为“1.0 之后第一个可表示数”；实际上它是 1.0 与该数之间的间距：1.0 之后的下一个数是 1 + 2⁻ᵐ（BF16 中为 1.0078125），epsilon 是 2⁻ᵐ（0.0078125）。</translation>
    </message>
    <message>
        <source>Lecture 10 says fp16 turns numbers above 65504 into inf and numbers below 2⁻²⁴ ≈ 6×10⁻⁸ into 0; in fact with round-to-nearest (PyTorch&apos;s cast) only values from 65520 up overflow (65510 becomes 65504), and only values up to 2⁻²⁵ ≈ 3.0×10⁻⁸ become 0 (4×10⁻⁸ becomes 2⁻²⁴ ≈ 5.96×10⁻⁸).</source>
        <translation>第 10 讲说 FP16 会把大于 65504 的数变成 inf、把小于 2⁻²⁴ ≈ 6×10⁻⁸ 的数变成 0；实际上按就近舍入（PyTorch 的转换方式），只有不小于 65520 的数才会溢出（65510 会变成 65504），也只有不大于 2⁻²⁵ ≈ 3.0×10⁻⁸ 的数才会变成 0（4×10⁻⁸ 会变成 2⁻²⁴ ≈ 5.96×10⁻⁸）。</translation>
    </message>
    <message>
        <source>Lesson 14&apos;s answer to Q1 says BF16&apos;s precision is about 10 times worse than FP16&apos;s; in fact the ratio is exactly 8, since their epsilons are 2⁻⁷ and 2⁻¹⁰ (the BF16 lesson says 8 correctly).</source>
        <translation>第 14 课 Q1 的参考答案说 BF16 的精度比 FP16 差约 10 倍；实际上正好是 8 倍，因为两者的 epsilon 分别是 2⁻⁷ 和 2⁻¹⁰（BF16 一课给出的 8 倍是对的）。</translation>
    </message>
    <message>
        <source>Lesson 14&apos;s answer to Q3 puts the 30B model&apos;s BF16 ledger at about 60 GB per card under ZeRO-2 with dp = 8; in fact ZeRO-2 keeps the bf16 weights whole on every card, 2Ψ + 14Ψ/8 = 60 + 52.5 = 112.5 GB per card, and only ZeRO-3 (16Ψ/8) reaches 60 GB (55.9 GiB), which is less than, not more than, an 80 GiB card before activations.</source>
        <translation>第 14 课 Q3 的参考答案说 30B 模型在 ZeRO-2、dp = 8 时 BF16 账本约为每卡 60 GB；实际上 ZeRO-2 在每张卡上都保留完整的 BF16 权重，每卡为 2Ψ + 14Ψ/8 = 60 + 52.5 = 112.5 GB，只有 ZeRO-3（16Ψ/8）才是 60 GB（55.9 GiB），而且在不计激活时它小于而不是大于 80 GiB 的单卡显存。</translation>
    </message>
    <message>
        <source>The BF16/FP8 overview says weights, gradients and optimizer states can all be kept in BF16 and that frameworks quietly keep Adam&apos;s moments in FP32; in fact a pure-BF16 weight absorbs any update below half its spacing (1 + 0.001 stays 1, so 1000 such steps leave it at 1), and PyTorch&apos;s Adam/AdamW create their moment buffers in the parameter&apos;s own dtype, so an FP32 master copy has to be kept on purpose.</source>
        <translation>BF16/FP8 概述文章说权重、梯度和优化器状态都可以用 BF16，而且框架会在内部悄悄用 FP32 保存 Adam 的矩；实际上纯 BF16 的权重会吞掉小于半个间距的更新（1 + 0.001 仍是 1，加 1000 步也还是 1），PyTorch 的 Adam/AdamW 也按参数本身的类型创建矩的缓冲区，所以 FP32 主权重必须显式保留。</translation>
    </message>
    <message>
        <source>The BF16/FP8 overview says FP8 training halves memory; in fact, by lesson 14&apos;s ledger, static memory per parameter goes from 16 bytes (BF16 mixed precision) to 16 with Transformer Engine, 15 with DeepSeek-V3 and 9 with FP8-LM O3, because only the working copy of the weights shrinks from 2 bytes to 1 while master weights and optimizer states stay wide.</source>
        <translation>BF16/FP8 概述文章说 FP8 训练能把显存砍半；实际上按第 14 课的账本，每参数静态显存从 BF16 混合精度的 16 字节变为 Transformer Engine 的 16 字节、DeepSeek-V3 的 15 字节和 FP8-LM O3 的 9 字节，因为缩小的只是权重的计算副本（2 字节变 1 字节），主权重和优化器状态仍然是高精度。</translation>
    </message>
    <message>
        <source>The BF16/FP8 overview puts gradients in E4M3 while lesson 14 puts them in E5M2; both are real recipes: E5M2 (2⁻¹⁶ to 57,344, about 32 powers of two) is Transformer Engine&apos;s hybrid choice for per-tensor scaling, and E4M3 (2⁻⁹ to 448, about 18 powers of two, but one more mantissa bit) is DeepSeek-V3&apos;s choice, which works because its 1×128 and 128×128 blocks each get their own scale.</source>
        <translation>BF16/FP8 概述文章让梯度使用 E4M3，第 14 课则说梯度使用 E5M2；这两种做法都存在：E5M2（2⁻¹⁶ 到 57,344，约 32 个 2 的幂）是 Transformer Engine 在整张量缩放下的混合（HYBRID）方案，E4M3（2⁻⁹ 到 448，约 18 个 2 的幂，但多一位尾数）是 DeepSeek-V3 的选择，它之所以可行，是因为每个 1×128 和 128×128 的块都有自己的缩放因子。</translation>
    </message>
    <message>
        <source>The BF16 lesson says FP16&apos;s window is 40 powers of two wide; that counts the subnormals (2⁻²⁴ up to 65,504 ≈ 2¹⁶), whereas full-precision normal numbers span only 30 powers of two (2⁻¹⁴ up to 2¹⁶).</source>
        <translation>BF16 一课说 FP16 的窗口只有 40 个 2 的幂宽；这个数包含了次正规数（从 2⁻²⁴ 到 65,504 ≈ 2¹⁶），而精度完整的正规数只跨 30 个 2 的幂（从 2⁻¹⁴ 到 2¹⁶）。</translation>
    </message>
    <message>
        <source>The BF16 lesson&apos;s activation figures for one 4,096-token sequence (162.5 GiB, 42.5 GiB with selective recomputation, 2.5 GiB with full recomputation) follow from Korthikanti&apos;s formula only for a shape it never states, hidden size 5,120, 64 layers and 24 attention heads; other head counts change the first figure (40 heads would give 242.5 GiB).</source>
        <translation>BF16 一课给出的单条 4,096 token 序列的激活数字（162.5 GiB，选择性重计算后 42.5 GiB，全量重计算后 2.5 GiB）只有在隐藏维度 5,120、64 层、24 个注意力头这一组课中从未写明的模型形状下，才能由 Korthikanti 的公式算出；头数不同，第一个数就会变（40 个头时为 242.5 GiB）。</translation>
    </message>
    <message>
        <source>Where the lecture notes differ</source>
        <translation>讲义与此处不同之处</translation>
    </message>
</context>
<context>
    <name>LedgerFigure</name>
    <message>
        <source>Training memory per GPU: %1 parameters (%2)</source>
        <translation>每 GPU 训练显存：参数量 %1（%2）</translation>
    </message>
    <message>
        <source>Training memory per GPU: %1 parameters</source>
        <translation>每 GPU 训练显存：参数量 %1</translation>
    </message>
    <message>
        <source>1 GPU, ZeRO-%1</source>
        <translation>1 块 GPU，ZeRO-%1</translation>
    </message>
    <message>
        <source>%1 data-parallel GPUs, ZeRO-%2</source>
        <translation>%1 块数据并行 GPU，ZeRO-%2</translation>
    </message>
    <message>
        <source>tensor parallel %1</source>
        <translation>张量并行 %1</translation>
    </message>
    <message>
        <source>activations: %1, s = %2, b = %3, %4 (Korthikanti et al. 2022)</source>
        <translation>激活值：%1，s = %2，b = %3，%4（Korthikanti et al. 2022）</translation>
    </message>
    <message>
        <source>static memory only (no activations)</source>
        <translation>仅静态显存（不含激活值）</translation>
    </message>
    <message>
        <source>GB = 10^9 bytes</source>
        <translation>GB = 10^9 字节</translation>
    </message>
    <message>
        <source>GiB = 2^30 bytes</source>
        <translation>GiB = 2^30 字节</translation>
    </message>
    <message>
        <source>%1 static</source>
        <translation>静态 %1</translation>
    </message>
    <message>
        <source>✓ fits</source>
        <translation>✓ 放得下</translation>
    </message>
    <message>
        <source>✗ too big</source>
        <translation>✗ 放不下</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>GB per GPU</source>
        <translation>每 GPU（GB）</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每 GPU（GiB）</translation>
    </message>
    <message>
        <source>%1 bytes/param</source>
        <translation>%1 字节/参数</translation>
    </message>
    <message>
        <source>GPU: %1 (%2)</source>
        <translation>GPU：%1（%2）</translation>
    </message>
</context>
<context>
    <name>LedgerText</name>
    <message>
        <source>FP32 + Adam</source>
        <translation>FP32 + Adam</translation>
    </message>
    <message>
        <source>the weights are their own master copy</source>
        <translation>权重本身就是主副本</translation>
    </message>
    <message>
        <source>BF16 mixed precision</source>
        <translation>BF16 混合精度</translation>
    </message>
    <message>
        <source>gradients are accumulated in bf16 (or not at all)</source>
        <translation>梯度在 bf16 中累积（或不累积）</translation>
    </message>
    <message>
        <source>BF16 mixed precision, fp32 gradient accumulation</source>
        <translation>BF16 混合精度，fp32 梯度累积</translation>
    </message>
    <message>
        <source>an fp32 buffer sums the gradients of the micro-batches</source>
        <translation>用一个 fp32 缓冲区累加各微批次的梯度</translation>
    </message>
    <message>
        <source>Transformer Engine FP8</source>
        <translation>Transformer Engine FP8</translation>
    </message>
    <message>
        <source>fp8 (e4m3fn forward, e5m2 backward)</source>
        <translation>fp8（前向 e4m3fn，反向 e5m2）</translation>
    </message>
    <message>
        <source>the fp32 weights are the master copy; the FP8 casts made for each GEMM (and TE&apos;s cached FP8 weight and its transpose, when weight caching is on) are not counted</source>
        <translation>fp32 权重就是主副本；每次 GEMM 所做的 FP8 转换（以及开启权重缓存时 TE 缓存的 FP8 权重及其转置）未计入</translation>
    </message>
    <message>
        <source>DeepSeek-V3 FP8</source>
        <translation>DeepSeek-V3 FP8</translation>
    </message>
    <message>
        <source>e4m3fn (1x128 / 128x128 scaled)</source>
        <translation>e4m3fn（按 1x128 / 128x128 缩放）</translation>
    </message>
    <message>
        <source>the report names the fp32 master, fp32 accumulated gradients and bf16 moments; the FP8 weight copy (1) and bf16 gradients (2) are the Playbook&apos;s accounting</source>
        <translation>技术报告写明了 fp32 主权重、fp32 累积梯度和 bf16 矩估计；FP8 权重副本（1）与 bf16 梯度（2）按 Playbook 的口径计</translation>
    </message>
    <message>
        <source>FP8-LM O3</source>
        <translation>FP8-LM O3</translation>
    </message>
    <message>
        <source>nanotron FP8</source>
        <translation>nanotron FP8</translation>
    </message>
    <message>
        <source>nanotron&apos;s FP8 experiments as the Playbook reports them</source>
        <translation>Playbook 所报告的 nanotron FP8 实验</translation>
    </message>
    <message>
        <source>(ID=ROLE:FORMAT[xN],...; roles master, acc, weights, grads, opt, other)</source>
        <translation>（ID=角色:格式[xN],...；角色为 master、acc、weights、grads、opt、other）</translation>
    </message>
    <message>
        <source>master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>accumulated gradients</source>
        <translation>累积梯度</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Adam m</source>
        <translation>Adam m</translation>
    </message>
    <message>
        <source>Adam v</source>
        <translation>Adam v</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>the BF16 lesson: %1 parameters (its anchor model&apos;s param_total). The shape is what the lesson&apos;s activation figures imply (162.5 / 42.5 / 2.5 GiB at s = 4096, b = 1 give h = %2, L = %3, a = %4); the lesson does not state it.</source>
        <translation>BF16 课：%1 个参数（其锚点模型的参数总数）。形状由该课的激活显存数字推得（s = 4096、b = 1 时 162.5 / 42.5 / 2.5 GiB 给出 h = %2、L = %3、a = %4）；课程本身未写明。</translation>
    </message>
    <message>
        <source>h %1</source>
        <translation>h %1</translation>
    </message>
    <message>
        <source>L %1</source>
        <translation>L %1</translation>
    </message>
    <message>
        <source>%1 heads</source>
        <translation>%1 个注意力头</translation>
    </message>
    <message>
        <source>%1 heads (%2 KV)</source>
        <translation>%1 个注意力头（%2 个 KV 头）</translation>
    </message>
    <message>
        <source>QKV biases</source>
        <translation>QKV 偏置</translation>
    </message>
    <message>
        <source>MLP %1</source>
        <translation>MLP %1</translation>
    </message>
    <message>
        <source>vocab %1</source>
        <translation>词表 %1</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>输入输出嵌入共享</translation>
    </message>
    <message>
        <source>untied</source>
        <translation>输入输出嵌入不共享</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>scheme &apos;%1&apos; has no &apos;=&apos;</source>
        <translation>方案“%1”缺少“=”</translation>
    </message>
    <message>
        <source>scheme id &apos;%1&apos; must be 1..64 letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;</source>
        <translation>方案 ID“%1”必须由 1..64 个字母、数字、“-”、“_”或“.”组成</translation>
    </message>
    <message>
        <source>component &apos;%1&apos; is not ROLE:FORMAT</source>
        <translation>组成部分“%1”不是 角色:格式 的形式</translation>
    </message>
    <message>
        <source>unknown component role &apos;%1&apos;</source>
        <translation>未知的组成部分角色“%1”</translation>
    </message>
    <message>
        <source>component &apos;%1&apos; has negative bytes</source>
        <translation>组成部分“%1”的字节数为负</translation>
    </message>
    <message>
        <source>component &apos;%1&apos;: %2</source>
        <translation>组成部分“%1”：%2</translation>
    </message>
    <message>
        <source>scheme &apos;%1&apos; has no components</source>
        <translation>方案“%1”没有任何组成部分</translation>
    </message>
    <message>
        <source>the parameter count must be positive</source>
        <translation>参数量必须为正</translation>
    </message>
    <message>
        <source>the GPU count must be at least 1</source>
        <translation>GPU 数量至少为 1</translation>
    </message>
    <message>
        <source>ZeRO stage must be 0, 1, 2 or 3, got %1</source>
        <translation>ZeRO 阶段必须是 0、1、2 或 3，得到的是 %1</translation>
    </message>
    <message>
        <source>component &apos;%1&apos; of scheme &apos;%2&apos; needs bytes &gt;= 0</source>
        <translation>方案“%2”的组成部分“%1”的字节数必须 ≥ 0</translation>
    </message>
    <message>
        <source>memory size &apos;%1&apos; is not a positive number with a unit (80GB, 80GiB, 141GB, 81559MiB)</source>
        <translation>显存大小“%1”不是带单位的正数（如 80GB、80GiB、141GB、81559MiB）</translation>
    </message>
    <message>
        <source>parameter count &apos;%1&apos; is not a number such as 27781427952, 7e9, 6.7B or a model preset (see --list-models)</source>
        <translation>参数量“%1”既不是数字（如 27781427952、7e9、6.7B），也不是模型预设</translation>
    </message>
    <message>
        <source>parameter count &apos;%1&apos; must be positive</source>
        <translation>参数量“%1”必须为正</translation>
    </message>
    <message>
        <source>parameter count &apos;%1&apos; is not a whole number</source>
        <translation>参数量“%1”不是整数</translation>
    </message>
    <message>
        <source>parameter count &apos;%1&apos; is above 10^15</source>
        <translation>参数量“%1”超过 10^15</translation>
    </message>
    <message>
        <source>activations need a positive sequence length, micro-batch, hidden size, head count, layer count and tensor-parallel degree</source>
        <translation>计算激活值需要正的序列长度、微批次、隐藏维度、注意力头数、层数和张量并行度</translation>
    </message>
    <message>
        <source>tensor-parallel degree %1 must divide the %2 heads and the hidden size %3</source>
        <translation>张量并行度 %1 必须整除注意力头数 %2 和隐藏维度 %3</translation>
    </message>
    <message>
        <source>the BF16 lesson (4 + 4 + 4 + 4 = 16); [ZeRO] §3</source>
        <translation>BF16 课（4 + 4 + 4 + 4 = 16）；[ZeRO] §3</translation>
    </message>
    <message>
        <source>[ZeRO] §3.1 (2 + 2 + 12 = 16, counted for fp16); [Playbook]; lesson 14 (16)</source>
        <translation>[ZeRO] §3.1（2 + 2 + 12 = 16，按 fp16 计）；[Playbook]；第 14 课（16）</translation>
    </message>
    <message>
        <source>[Playbook] (4 + 4 + 2 + 2 + 4 + 4 = 20); lesson 14 (20)</source>
        <translation>[Playbook]（4 + 4 + 2 + 2 + 4 + 4 = 20）；第 14 课（20）</translation>
    </message>
    <message>
        <source>[Playbook] (4 + 4 + 4 + 4 = 16); lesson 14 (16, master &apos;-&apos;)</source>
        <translation>[Playbook]（4 + 4 + 4 + 4 = 16）；第 14 课（16，主权重记为“—”）</translation>
    </message>
    <message>
        <source>[DSV3] §3.3.3 (bf16 AdamW moments; fp32 master weights and accumulated gradients); [Playbook] (4 + 4 + 1 + 2 + 2 + 2 = 15); lesson 14 (15)</source>
        <translation>[DSV3] §3.3.3（bf16 AdamW 矩估计；fp32 主权重与累积梯度）；[Playbook]（4 + 4 + 1 + 2 + 2 + 2 = 15）；第 14 课（15）</translation>
    </message>
    <message>
        <source>[FP8-LM] §2 (O3: fp8 gradients and first moment, fp16 second moment and master weights); [Playbook] (2 + 2 + 1 + 1 + 1 + 2 = 9); lesson 14 (9)</source>
        <translation>[FP8-LM] §2（O3：fp8 梯度与一阶矩，fp16 二阶矩与主权重）；[Playbook]（2 + 2 + 1 + 1 + 1 + 2 = 9）；第 14 课（9）</translation>
    </message>
    <message>
        <source>FP8-LM itself counts 6 bytes (master 2 + gradient 1 + m 1 + v 2); lesson 14 and the Playbook add an FP8 weight copy (1) and fp16 gradient accumulation (2)</source>
        <translation>FP8-LM 本身只计 6 字节（主权重 2 + 梯度 1 + m 1 + v 2）；第 14 课和 Playbook 另加 FP8 权重副本（1）与 fp16 梯度累积（2）</translation>
    </message>
    <message>
        <source>[Playbook] (2 + 4 + 1 + 1 + 1 + 1 = 10); lesson 14 (10)</source>
        <translation>[Playbook]（2 + 4 + 1 + 1 + 1 + 1 = 10）；第 14 课（10）</translation>
    </message>
    <message>
        <source>the BF16 lesson&apos;s anchor model</source>
        <translation>BF16 课的锚点模型</translation>
    </message>
    <message>
        <source>no recomputation</source>
        <translation>不重计算</translation>
    </message>
    <message>
        <source>selective recomputation / FlashAttention</source>
        <translation>选择性重计算 / FlashAttention</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>完全重计算</translation>
    </message>
</context>
<context>
    <name>LessonDeck</name>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>%1, page %2: %3</source>
        <translation>%1，第 %2 页：%3</translation>
    </message>
    <message>
        <source>no pages to export</source>
        <translation>没有可导出的页面</translation>
    </message>
    <message>
        <source>cannot make the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cancelled after %1 of %2 pages</source>
        <translation>已取消：完成 %2 页中的 %1 页</translation>
    </message>
</context>
<context>
    <name>LessonInput</name>
    <message>
        <source>Needs a positive finite number, got “%1”</source>
        <translation>需要一个有限正数，得到的是“%1”</translation>
    </message>
    <message>
        <source>Needs a whole number, got “%1”</source>
        <translation>需要一个整数，得到的是“%1”</translation>
    </message>
    <message>
        <source>Needs a whole number from %1 to %2, got “%3”</source>
        <translation>需要 %1 到 %2 之间的整数，得到的是“%3”</translation>
    </message>
    <message>
        <source>Paste or type at least one value</source>
        <translation>请粘贴或输入至少一个值</translation>
    </message>
    <message>
        <source>Not a list of numbers: %1</source>
        <translation>不是数字列表：%1</translation>
    </message>
    <message>
        <source>In “%1”: %2</source>
        <translation>“%1”中：%2</translation>
    </message>
    <message>
        <source>Cannot use %1: %2</source>
        <translation>无法使用 %1：%2</translation>
    </message>
</context>
<context>
    <name>LogitsEpsilonFigure</name>
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
        <source>infinite</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>logit</source>
        <translation>logit</translation>
    </message>
    <message>
        <source>softmax p</source>
        <translation>softmax p</translation>
    </message>
    <message>
        <source>%1 stores</source>
        <translation>%1 存储值</translation>
    </message>
    <message>
        <source>p from %1</source>
        <translation>由 %1 算出的 p</translation>
    </message>
    <message>
        <source>p(%1) / p(%2) = e^(%1 − %2) = e^%3 ≈ %4 with the exact logits.</source>
        <translation>用精确 logits：p(%1) / p(%2) = e^(%1 − %2) = e^%3 ≈ %4。</translation>
    </message>
    <message>
        <source>%1: a logit overflows, so softmax is undefined.</source>
        <translation>%1：有 logit 上溢，softmax 无定义。</translation>
    </message>
    <message>
        <source>%1 stores %2 and %3: e^%4 ≈ %5, %6 × the true ratio (%7 distinct logits of %8).</source>
        <translation>%1 存为 %2 和 %3：e^%4 ≈ %5，是真实比值的 %6 倍（%8 个 logits 中有 %7 个互不相同）。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>stored value</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>significant bits</source>
        <translation>有效位数</translation>
    </message>
    <message>
        <source>relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Logits stored in 16 bits, and what softmax makes of them</source>
        <translation>以 16 位存储的 logits，以及 softmax 的结果</translation>
    </message>
    <message>
        <source>eps = %1 stored in each format (RMSNorm&apos;s ε)</source>
        <translation>eps = %1 在各格式中的存储（RMSNorm 的 ε）</translation>
    </message>
    <message>
        <source>Logits and eps, stored in each format</source>
        <translation>logits 与 eps 在各格式中的存储</translation>
    </message>
</context>
<context>
    <name>LogitsEpsilonPanel</name>
    <message>
        <source>Logits and eps</source>
        <translation>Logits 与 eps</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits 与 eps</translation>
    </message>
</context>
<context>
    <name>LossScalingFigure</name>
    <message>
        <source>Loss scaling in %1</source>
        <translation>%1 中的损失缩放</translation>
    </message>
    <message>
        <source>From S = %1: %2 of %3 steps skipped; the next step would use S = %4.</source>
        <translation>从 S = %1 开始：%3 步中跳过 %2 步；下一步将使用 S = %4。</translation>
    </message>
    <message>
        <source>Dynamic loss scaling (overflow: skip and halve; %1 good steps: double)</source>
        <translation>动态损失缩放（上溢：跳过并减半；连续 %1 步正常：翻倍）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>log₂ S</source>
        <translation>log₂ S</translation>
    </message>
    <message>
        <source>overflow: step skipped</source>
        <translation>上溢：跳过该步</translation>
    </message>
    <message>
        <source>S doubles after this step</source>
        <translation>此步后 S 翻倍</translation>
    </message>
    <message>
        <source>fp32 gradients of the training lab&apos;s model at step %1 (%2 values), and its backward pass in %3 at the table&apos;s scales</source>
        <translation>训练实验室模型在第 %1 步的 fp32 梯度（%2 个值），以及它在表中各缩放因子下以 %3 进行的反向传播</translation>
    </message>
</context>
<context>
    <name>LossScalingPanel</name>
    <message>
        <source>Loss scaling</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>损失缩放</translation>
    </message>
</context>
<context>
    <name>LossWindowFigure</name>
    <message>
        <source>Gradients × S in the %1 window, S = %2</source>
        <translation>%1 窗口中的梯度 × S，S = %2</translation>
    </message>
    <message>
        <source>underflow (→ 0) %1 · subnormal %2 · normal %3 · overflow %4</source>
        <translation>下溢（→ 0）%1 · 次正规数 %2 · 正规数 %3 · 上溢 %4</translation>
    </message>
    <message>
        <source>g × S</source>
        <translation>g × S</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>underflow (→ 0)</source>
        <translation>下溢（→ 0）</translation>
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
        <source>overflow</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>%1 subnormals: %2 … %3</source>
        <translation>%1 次正规数：%2 … %3</translation>
    </message>
    <message>
        <source>%1 normal numbers: %2 … %3</source>
        <translation>%1 正规数：%2 … %3</translation>
    </message>
    <message>
        <source>stored as 0</source>
        <translation>存为 0</translation>
    </message>
    <message>
        <source>overflows</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>|g × S| from 2^%1 to 2^%2: %3 of %4 gradients (%5)</source>
        <translation>|g × S| 在 2^%1 到 2^%2 之间：%4 个梯度中的 %3 个（%5）</translation>
    </message>
    <message>
        <source>backward: → 0</source>
        <translation>反向传播：→ 0</translation>
    </message>
    <message>
        <source>→ inf</source>
        <translation>→ inf</translation>
    </message>
    <message>
        <source>error vs fp32</source>
        <translation>与 fp32 的误差</translation>
    </message>
    <message>
        <source>— (inf)</source>
        <translation>—（有 inf）</translation>
    </message>
    <message>
        <source>The gradients are the training lab&apos;s model&apos;s at step %1 (its fp32 run, the batch of the next step: %2 values).</source>
        <translation>梯度取自训练实验室模型第 %1 步（其 fp32 训练，下一步的批次：%2 个值）。</translation>
    </message>
    <message>
        <source>%1 cannot hold the model&apos;s roles, so no backward pass ran in it.</source>
        <translation>%1 无法承担模型的各个角色，因此没有在其中运行反向传播。</translation>
    </message>
    <message>
        <source>The last three columns are lecture 10&apos;s demo 3: the backward pass run in %1 with the loss times S, divided by S in fp32: the gradients that became 0 though fp32&apos;s is not, those that became inf or NaN, and ||g − g₃₂|| / ||g₃₂||.</source>
        <translation>最后三列即第 10 讲的演示 3：反向传播在 %1 中进行，损失乘以 S，再在 fp32 中除以 S：变成 0（而 fp32 的不是 0）的梯度、变成 inf 或 NaN 的梯度，以及 ||g − g₃₂|| / ||g₃₂||。</translation>
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
    <message>
        <source>%1: from %2 to %3</source>
        <translation>%1：从 %2 到 %3</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (NaN)</source>
        <translation>%1（NaN）</translation>
    </message>
    <message>
        <source>%1 (clamped to %2)</source>
        <translation>%1（截到 %2）</translation>
    </message>
    <message>
        <source>0 (not in %1)</source>
        <translation>0（%1 中没有）</translation>
    </message>
    <message>
        <source>%1 = %2 between its neighbours</source>
        <translation>%1 = %2 与它的相邻值</translation>
    </message>
    <message>
        <source>midpoint %1</source>
        <translation>中点 %1</translation>
    </message>
    <message>
        <source>%1 (clamped)</source>
        <translation>%1（截到最大值）</translation>
    </message>
</context>
<context>
    <name>Operators</name>
    <message>
        <source>Name an accumulator: a format (fp32, bf16:rtz:pairwise), fixed:W, a tensor-core preset (h100-fp8) or avx512bf16</source>
        <translation>请指定累加器：一种格式（“fp32”、“bf16:rtz:pairwise”）、“fixed:W”、张量核心预设（“h100-fp8”）或“avx512bf16”</translation>
    </message>
    <message>
        <source>Unknown accumulator &apos;%1&apos;: not a format, a preset, fixed:W or avx512bf16</source>
        <translation>未知的累加器“%1”：既不是格式、预设、“fixed:W”，也不是“avx512bf16”</translation>
    </message>
    <message>
        <source>Unknown rounding &apos;%1&apos; in &apos;%2&apos; (nearest-even, nearest-away, toward-zero, up, down, odd, stochastic)</source>
        <translation>“%2”中的舍入方式“%1”未知（nearest-even、nearest-away、toward-zero、up、down、odd、stochastic）</translation>
    </message>
    <message>
        <source>Unknown order &apos;%1&apos; in &apos;%2&apos; (sequential, pairwise, blocked)</source>
        <translation>“%2”中的求和顺序“%1”未知（sequential、pairwise、blocked）</translation>
    </message>
    <message>
        <source>Bad number &apos;%1&apos; in &apos;%2&apos;: widths are 1..40 bits, blocks 1..%3 terms</source>
        <translation>“%2”中的数“%1”无效：位宽为 1..40 位，块大小为 1..%3 项</translation>
    </message>
    <message>
        <source>Too many parts in &apos;%1&apos; (at &apos;%2&apos;)</source>
        <translation>“%1”的组成部分过多（在“%2”处）</translation>
    </message>
    <message>
        <source>An accumulator of at most 53 significant bits: &apos;%1&apos; is wider</source>
        <translation>累加器最多 53 个有效位：“%1”更宽</translation>
    </message>
    <message>
        <source>The two vectors differ in length (%1)</source>
        <translation>两个向量长度不同（%1）</translation>
    </message>
    <message>
        <source>Inputs in %1 are not multiplied exactly here: inputs of at most 24 significant bits within fp32&apos;s range (every format but fp64)</source>
        <translation>这里无法精确计算 %1 输入的乘积：输入最多 24 个有效位，且在 fp32 的范围内（除 fp64 外的所有格式）</translation>
    </message>
    <message>
        <source>A fused adder multiplies inputs of at most 12 significant bits within fp32&apos;s range, not %1</source>
        <translation>融合加法器只接受最多 12 个有效位、且在 fp32 范围内的输入，不接受 %1</translation>
    </message>
    <message>
        <source>A fused adder&apos;s output must be an IEEE format within fp32&apos;s range, not %1</source>
        <translation>融合加法器的输出必须是 fp32 范围内的 IEEE 格式，不能是 %1</translation>
    </message>
    <message>
        <source>VDPBF16PS multiplies bf16, not %1</source>
        <translation>VDPBF16PS 只接受 bf16 输入，不接受 %1</translation>
    </message>
    <message>
        <source>A parameter is out of range: %1</source>
        <translation>参数超出范围：%1</translation>
    </message>
    <message>
        <source>The starting value is not a value of %1</source>
        <translation>起始值不是 %1 中的值</translation>
    </message>
    <message>
        <source>available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>this CPU has no AVX512-BF16 instructions</source>
        <translation>这台 CPU 没有 AVX512-BF16 指令</translation>
    </message>
    <message>
        <source>this build has no CUDA device code (nvcc was not found when it was built)</source>
        <translation>此构建不含 CUDA 设备代码（构建时未找到 nvcc）</translation>
    </message>
    <message>
        <source>no usable CUDA device: %1</source>
        <translation>没有可用的 CUDA 设备：%1</translation>
    </message>
    <message>
        <source>the device failed: %1</source>
        <translation>设备出错：%1</translation>
    </message>
    <message>
        <source>%1 runs %2 on %3</source>
        <translation>%1 以 %3 输入运行 %2</translation>
    </message>
    <message>
        <source>%1 does not compute %2 (the CPU runs avx512bf16; the GPU runs its own tensor-core preset, without promotion)</source>
        <translation>%1 不计算 %2（CPU 运行 avx512bf16；GPU 运行它自己的张量核心预设，且不提升精度）</translation>
    </message>
    <message>
        <source>%1 does not multiply %2 here</source>
        <translation>%1 在这里不接受 %2 输入</translation>
    </message>
    <message>
        <source>%1 models another GPU than the one here</source>
        <translation>%1 描述的不是这里的 GPU</translation>
    </message>
    <message>
        <source>Khattak and Mikaitis, &quot;Accurate models of NVIDIA tensor cores&quot; (2025): the published model&apos;s parameters, validated on the GPU</source>
        <translation>Khattak 与 Mikaitis，《Accurate models of NVIDIA tensor cores》（2025）：已发表模型的参数，已在该 GPU 上验证</translation>
    </message>
    <message>
        <source>Fasi, Higham, Mikaitis and Pranesh, &quot;Numerical behavior of NVIDIA tensor cores&quot; (2021), refined by Khattak and Mikaitis (2025)</source>
        <translation>Fasi、Higham、Mikaitis 与 Pranesh，《Numerical behavior of NVIDIA tensor cores》（2021），经 Khattak 与 Mikaitis（2025）细化</translation>
    </message>
    <message>
        <source>subnormal inputs</source>
        <translation>次正规数输入</translation>
    </message>
    <message>
        <source>subnormal results</source>
        <translation>次正规数结果</translation>
    </message>
    <message>
        <source>fraction bits of the result</source>
        <translation>结果的尾数位</translation>
    </message>
    <message>
        <source>rounding of the result</source>
        <translation>结果的舍入</translation>
    </message>
    <message>
        <source>fraction bits kept in alignment</source>
        <translation>对齐时保留的尾数位</translation>
    </message>
    <message>
        <source>products per normalisation</source>
        <translation>每次规格化前的乘积个数</translation>
    </message>
    <message>
        <source>carry-out bits</source>
        <translation>进位位</translation>
    </message>
    <message>
        <source>Khattak, Mikaitis 2025</source>
        <translation>Khattak、Mikaitis 2025</translation>
    </message>
    <message>
        <source>Fasi et al. 2021; Khattak, Mikaitis 2025</source>
        <translation>Fasi 等 2021；Khattak、Mikaitis 2025</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正态分布</translation>
    </message>
    <message>
        <source>positive uniform</source>
        <translation>正的均匀分布</translation>
    </message>
    <message>
        <source>heavy-tailed (Student&apos;s t, 3 degrees of freedom)</source>
        <translation>重尾分布（自由度为 3 的 t 分布）</translation>
    </message>
    <message>
        <source>all ones</source>
        <translation>全为 1</translation>
    </message>
    <message>
        <source>%1 → fp32 every %2</source>
        <translation>%1 → 每 %2 个进 fp32</translation>
    </message>
    <message>
        <source>each add rounds to %1 (%2), in order</source>
        <translation>每次加法舍入到 %1（%2），按顺序</translation>
    </message>
    <message>
        <source>each add rounds to %1 (%2), in a balanced tree</source>
        <translation>每次加法舍入到 %1（%2），按平衡二叉树</translation>
    </message>
    <message>
        <source>each add rounds to %1 (%2), in blocks of %3</source>
        <translation>每次加法舍入到 %1（%2），每 %3 个一块</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>rounded to nearest</source>
        <translation>就近舍入</translation>
    </message>
    <message>
        <source>%1-product blocks aligned to %2 fraction bits, %3, %4 out</source>
        <translation>每 %1 个乘积一块，对齐到 %2 位小数，%3，输出 %4</translation>
    </message>
    <message>
        <source>%1 tensor core: %2</source>
        <translation>%1 张量核心：%2</translation>
    </message>
    <message>
        <source>fused adder: %1</source>
        <translation>融合加法器：%1</translation>
    </message>
    <message>
        <source>VDPBF16PS: bf16 pairs, fp32 adds, nearest-even, denormals as zero</source>
        <translation>VDPBF16PS：bf16 成对相乘，fp32 相加，就近取偶，非规格化数按零处理</translation>
    </message>
    <message>
        <source>%1; every %2 products into fp32 (nearest-even)</source>
        <translation>%1；每 %2 个乘积加入 fp32（就近取偶）</translation>
    </message>
    <message>
        <source>Inputs in %1 are not possible: it has no sign and no zero (it holds scales), and inner products need both</source>
        <translation>输入不能用 %1：它没有符号位也没有零（它用来存放缩放因子），而内积两者都需要</translation>
    </message>
    <message>
        <source>An accumulator in %1 is not possible: it has no sign and no zero (it holds scales), and a sum starts at 0 and takes terms of either sign</source>
        <translation>累加器不能用 %1：它没有符号位也没有零（它用来存放缩放因子），而求和从 0 开始，加数有正有负</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a hardware model with its own rounding and order: write it alone, not &apos;%2&apos;</source>
        <translation>“%1”是硬件模型，自带舍入方式和求和顺序：请单独写它，不要写成“%2”</translation>
    </message>
    <message>
        <source>At most %1 accumulators at once, not %2</source>
        <translation>一次最多 %1 个累加器，而不是 %2 个</translation>
    </message>
    <message>
        <source>The tensor core %1 multiplies %2 only, not %3</source>
        <translation>张量核心 %1 只接受 %2 输入，不接受 %3</translation>
    </message>
</context>
<context>
    <name>OptionText</name>
    <message>
        <source>Needs a whole number from %1 to %2, got “%3”</source>
        <translation>需要 %1 到 %2 之间的整数，得到的是“%3”</translation>
    </message>
    <message>
        <source>Needs a number from %1 to %2, got “%3”</source>
        <translation>需要 %1 到 %2 之间的数，得到的是“%3”</translation>
    </message>
    <message>
        <source>At most %1 decades, got “%2”</source>
        <translation>最多 %1 个数量级，得到的是“%2”</translation>
    </message>
    <message>
        <source>At most %1, got “%2”</source>
        <translation>最多 %1，得到的是“%2”</translation>
    </message>
    <message>
        <source>Needs a finite number, got “%1”</source>
        <translation>需要一个有限数，得到的是“%1”</translation>
    </message>
    <message>
        <source>Needs a whole number, got “%1”</source>
        <translation>需要一个整数，得到的是“%1”</translation>
    </message>
    <message>
        <source>Needs a positive finite number, got “%1”</source>
        <translation>需要一个有限正数，得到的是“%1”</translation>
    </message>
    <message>
        <source>Needs one of %1, got “%2”</source>
        <translation>需要 %1 之一，得到的是“%2”</translation>
    </message>
    <message>
        <source>Needs %1 to %2 values, got %3</source>
        <translation>需要 %1 到 %2 个值，得到 %3 个</translation>
    </message>
    <message>
        <source>No format is named “%1”</source>
        <translation>没有名为“%1”的格式</translation>
    </message>
    <message>
        <source>“%1” is given twice</source>
        <translation>“%1”给了两次</translation>
    </message>
    <message>
        <source>Choose at least one format</source>
        <translation>请至少选择一种格式</translation>
    </message>
    <message>
        <source>Needs a nonzero number, got “%1”</source>
        <translation>需要一个非零数，得到的是“%1”</translation>
    </message>
    <message>
        <source>Takes one of %1; %2 does not fit here</source>
        <translation>只接受 %1 之一；%2 在这里不适用</translation>
    </message>
    <message>
        <source>“%1” names no format: %2</source>
        <translation>“%1”不是一种格式：%2</translation>
    </message>
    <message>
        <source>A format name is missing in “%1”</source>
        <translation>“%1”中缺少一个格式名</translation>
    </message>
</context>
<context>
    <name>ParseError</name>
    <message>
        <source>no value: type 0.1, 1e-8, 0x1.8p3, inf, or bits such as bf16:0x3DCD</source>
        <translation>没有数值：请输入 0.1、1e-8、0x1.8p3、inf，或位模式如 bf16:0x3DCD</translation>
    </message>
    <message>
        <source>the value is %1 bytes long, more than the %2 that are read</source>
        <translation>数值长 %1 字节，超过可读取的上限 %2</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; at position %2</source>
        <translation>第 %2 个位置出现意外的“%1”</translation>
    </message>
    <message>
        <source>digits are missing at position %1</source>
        <translation>第 %1 个位置缺少数字</translation>
    </message>
    <message>
        <source>the exponent has no digits (position %1)</source>
        <translation>指数没有数字（第 %1 个位置）</translation>
    </message>
    <message>
        <source>the hex value has no digits (position %1)</source>
        <translation>十六进制数没有数字（第 %1 个位置）</translation>
    </message>
    <message>
        <source>the exponent at position %1 is out of range (at most %2 in size)</source>
        <translation>第 %1 个位置的指数超出范围（绝对值最多 %2）</translation>
    </message>
    <message>
        <source>a hex value needs a binary exponent (0x1.8p3); for bits write a format first (bf16:0x3DCD)</source>
        <translation>十六进制数需要二进制指数（0x1.8p3）；若要输入位模式，请先写格式（bf16:0x3DCD）</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos;</source>
        <translation>未知格式“%1”</translation>
    </message>
    <message>
        <source>the bit pattern at position %1 must start with 0x or 0b</source>
        <translation>第 %1 个位置的位模式须以 0x 或 0b 开头</translation>
    </message>
    <message>
        <source>&apos;%1&apos; at position %2 is not a hex digit</source>
        <translation>第 %2 个位置的“%1”不是十六进制数字</translation>
    </message>
    <message>
        <source>&apos;%1&apos; at position %2 is not a binary digit</source>
        <translation>第 %2 个位置的“%1”不是二进制数字</translation>
    </message>
    <message>
        <source>the bit pattern has no digits (position %1)</source>
        <translation>位模式没有数字（第 %1 个位置）</translation>
    </message>
    <message>
        <source>the bit pattern is wider than %1&apos;s %2 bits</source>
        <translation>位模式超出了 %1 的 %2 位宽</translation>
    </message>
    <message>
        <source>a bit pattern carries its own sign bit: drop the sign</source>
        <translation>位模式自带符号位：请去掉正负号</translation>
    </message>
    <message>
        <source>the NaN payload needs a closing &apos;)&apos;</source>
        <translation>NaN 载荷缺少右括号“)”</translation>
    </message>
    <message>
        <source>the NaN payload has no hex digits after 0x</source>
        <translation>NaN 载荷在 0x 之后没有十六进制数字</translation>
    </message>
    <message>
        <source>a NaN payload is a whole number, as in nan(0x123), nan(291) or nan(0443)</source>
        <translation>NaN 载荷须为整数，如 nan(0x123)、nan(291) 或 nan(0443)</translation>
    </message>
    <message>
        <source>a NaN payload must be below 2^51</source>
        <translation>NaN 载荷须小于 2^51</translation>
    </message>
    <message>
        <source>%1 (see &apos;floatscope formats&apos;)</source>
        <translation>%1（参见 floatscope formats）</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: %2</source>
        <translation>“%1”：%2</translation>
    </message>
</context>
<context>
    <name>QuantizeFigure</name>
    <message>
        <source>exact</source>
        <translation>精确值</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>x / scale</source>
        <translation>x / 缩放因子</translation>
    </message>
    <message>
        <source>code</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>element</source>
        <translation>元素值</translation>
    </message>
    <message>
        <source>dequantized</source>
        <translation>反量化值</translation>
    </message>
    <message>
        <source>rel. error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>→ 0, flushed</source>
        <translation>→ 0，清零</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>%1 (overflow)</source>
        <translation>%1（上溢）</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>amax</source>
        <translation>amax</translation>
    </message>
    <message>
        <source>scale bits</source>
        <translation>缩放因子位</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>largest rel. error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>at x =</source>
        <translation>位于 x =</translation>
    </message>
    <message>
        <source>MSE</source>
        <translation>MSE</translation>
    </message>
    <message>
        <source>flushed</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>bits/element</source>
        <translation>位/元素</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 dB</source>
        <translation>%1 dB</translation>
    </message>
    <message>
        <source>inf (exact)</source>
        <translation>inf（精确）</translation>
    </message>
    <message>
        <source>MSE %1 · largest relative error %2 at x = %3 · SQNR %4 · %5 flushed to zero · %6 saturated · %7 bits per element as quoted (%8 as stored)</source>
        <translation>MSE %1 · 最大相对误差 %2（x = %3）· SQNR %4 · %5 个清零 · %6 个饱和 · 每元素 %7 位（标称；实际存储 %8 位）</translation>
    </message>
    <message>
        <source>Block scaling</source>
        <translation>块缩放</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，用 %2 量化</translation>
    </message>
    <message>
        <source>The same tensor through each recipe (▶ the one above):</source>
        <translation>同一张量在各配方下的结果（▶ 为上面所用配方）：</translation>
    </message>
</context>
<context>
    <name>QuantizePresets</name>
    <message>
        <source>[1000, 0.01, 0.02, 0.5] in e4m3fn, one scale per tensor</source>
        <translation>[1000, 0.01, 0.02, 0.5] 量化为 e4m3fn，整个张量一个缩放因子</translation>
    </message>
    <message>
        <source>One scale for all four values: amax 1000 over 448, e4m3fn&apos;s largest value. The small values land among e4m3fn&apos;s subnormals, where the steps are coarse, and 0.01 comes back far too low: this is the BF16 lesson&apos;s 12.8%. The table of recipes below shows which recipe gives which number.</source>
        <translation>四个值共用一个缩放因子：amax 1000 除以 e4m3fn 的最大值 448。小值落入 e4m3fn 的次正规数区间，那里步长很粗，0.01 反量化后严重偏低：这就是 BF16 一课中的 12.8%。下方的配方表列出了各配方得到的数值。</translation>
    </message>
    <message>
        <source>The same four values in one 1×128 tile</source>
        <translation>同样四个值放在一个 1×128 tile 中</translation>
    </message>
    <message>
        <source>A 1×128 tile holds 128 consecutive values, so these four share one tile: its amax is 1000 and its scale is exactly the tensor&apos;s, bit for bit, and 0.01&apos;s error is the same as per tensor. Tiles help only when the outlier lies in another tile.</source>
        <translation>一个 1×128 tile 容纳 128 个连续值，所以这四个值同在一个 tile：其 amax 为 1000，缩放因子与整个张量的逐位相同，0.01 的误差也与逐张量缩放相同。只有离群值位于另一个 tile 时，tile 才有帮助。</translation>
    </message>
    <message>
        <source>1000 in a block of its own: 0.01, 0.02, 0.5 | 1000 in tiles of 3</source>
        <translation>1000 单独成块：0.01, 0.02, 0.5 | 1000，tile 大小为 3</translation>
    </message>
    <message>
        <source>Only with 1000 in another block does 0.01 improve: the first tile&apos;s amax is 0.5, its scale 0.5 / 448, and 0.01 lands among e4m3fn&apos;s normal values. This is the BF16 lesson&apos;s 0.45%. With real 1×128 tiles, 1000 would have to be at least 128 values away from 0.01.</source>
        <translation>只有 1000 在另一个块中时，0.01 才会改善：第一个 tile 的 amax 为 0.5，缩放因子为 0.5 / 448，0.01 落入 e4m3fn 的正规数区间。这就是 BF16 一课中的 0.45%。若用真正的 1×128 tile，1000 与 0.01 至少要相隔 128 个值。</translation>
    </message>
    <message>
        <source>MXFP4 block [0.3, −1.2, 2.7, 0.05]</source>
        <translation>MXFP4 块 [0.3, −1.2, 2.7, 0.05]</translation>
    </message>
    <message>
        <source>OCP MX v1.0: 32 values share a power of two, 2^(floor(log2 amax) − emax). amax 2.7 and e2m1&apos;s emax 2 give 2^(1 − 2) = 2^−1. 0.05 / 0.5 = 0.1 is below half of e2m1&apos;s smallest step (0.5), so 0.05 becomes 0. MXFP4 costs 4 + 8/32 = 4.25 bits per element.</source>
        <translation>OCP MX v1.0：32 个值共用一个 2 的幂，2^(⌊log2 amax⌋ − emax)。amax 2.7 与 e2m1 的 emax 2 得到 2^(1 − 2) = 2^−1。0.05 / 0.5 = 0.1 小于 e2m1 最小步长（0.5）的一半，所以 0.05 变为 0。MXFP4 每元素占 4 + 8/32 = 4.25 位。</translation>
    </message>
    <message>
        <source>NVFP4 block [0.3, −1.2, 2.7, 0.05]</source>
        <translation>NVFP4 块 [0.3, −1.2, 2.7, 0.05]</translation>
    </message>
    <message>
        <source>NVFP4: an E4M3 scale per 16 values, times one fp32 scale per tensor: 4 + 8/16 = 4.5 bits per element as NVIDIA quotes it (the tensor&apos;s fp32 scale is stored too, see &apos;as stored&apos;). The finer scale does not save 0.05: it still becomes 0.</source>
        <translation>NVFP4：每 16 个值一个 E4M3 缩放因子，再乘以每个张量一个 fp32 缩放因子：按 NVIDIA 的口径每元素 4 + 8/16 = 4.5 位（张量的 fp32 缩放因子也要存储，见“实际存储”）。更细的缩放因子也救不了 0.05：它仍然变为 0。</translation>
    </message>
    <message>
        <source>256×256 normal values with 2 outliers, 128×128 blocks</source>
        <translation>256×256 个正态分布值，含 2 个离群值，128×128 块</translation>
    </message>
    <message>
        <source>Normal values (σ 1) with 2 outliers of ±10000. A scale set by an outlier pushes the normal values of its block down among e4m3fn&apos;s subnormals, where relative errors are large; with 128×128 blocks only the blocks that hold an outlier pay, per tensor every value does. Switch the scheme and watch the heatmap of relative errors.</source>
        <translation>正态分布值（σ 1），含 2 个 ±10000 的离群值。由离群值决定的缩放因子会把同块中其余的值压到 e4m3fn 的次正规数区间，那里相对误差很大；用 128×128 块时只有含离群值的块受影响，逐张量缩放则所有值都受影响。切换缩放方式，观察相对误差热力图。</translation>
    </message>
    <message>
        <source>4096×4096 = 2^24 normal values, 1×128 tiles</source>
        <translation>4096×4096 = 2^24 个正态分布值，1×128 tile</translation>
    </message>
    <message>
        <source>2^24 values are quantized on a worker thread, with progress and Cancel; the tables compute only the rows you scroll to.</source>
        <translation>2^24 个值在工作线程上量化，显示进度并可取消；表格只计算滚动到的行。</translation>
    </message>
</context>
<context>
    <name>QuantizeText</name>
    <message>
        <source>(tensor, tile:N, block:RxC, mx, nvfp4)</source>
        <translation>（可选 tensor、tile:N、block:RxC、mx、nvfp4）</translation>
    </message>
    <message>
        <source>floor: X = 2^(floor(log2 amax) - emax), OCP MX v1.0 section 6.3; values above max clamp</source>
        <translation>向下取整：X = 2^(⌊log2 amax⌋ − emax)，OCP MX v1.0 §6.3；超过最大值的数被截断</translation>
    </message>
    <message>
        <source>ceil: X = 2^(ceil(log2 amax) - emax); nothing clamps, but X is often twice what rceil needs</source>
        <translation>ceil：X = 2^(ceil(log2 amax) − emax)；不会截断，但 X 常是 rceil 所需的两倍</translation>
    </message>
    <message>
        <source>rceil: X = 2^ceil(log2(amax / max)), the smallest power of two that never clamps (cuBLAS UE8M0)</source>
        <translation>rceil：X = 2^ceil(log2(amax / max))，即永不截断的最小 2 的幂（cuBLAS UE8M0）</translation>
    </message>
    <message>
        <source>unknown scheme &apos;%1&apos;</source>
        <translation>未知的缩放方式“%1”</translation>
    </message>
    <message>
        <source>scheme &apos;%1&apos;: the tile length must be a positive whole number</source>
        <translation>缩放方式“%1”：tile 长度必须是正整数</translation>
    </message>
    <message>
        <source>scheme &apos;%1&apos;: a block is ROWSxCOLS with positive whole numbers</source>
        <translation>缩放方式“%1”：块的形式为 行数x列数，且均为正整数</translation>
    </message>
    <message>
        <source>no tensor</source>
        <translation>没有张量</translation>
    </message>
    <message>
        <source>%1 has no sign bit: it can be a scale, not an element format</source>
        <translation>%1 没有符号位：它可以作缩放因子，不能作元素格式</translation>
    </message>
    <message>
        <source>NVFP4 stores e2m1 elements, not %1 (use --scheme mx for other element formats)</source>
        <translation>NVFP4 存储的是 e2m1 元素，不是 %1（其他元素格式请用 MX）</translation>
    </message>
    <message>
        <source>stochastic rounding needs 1..64 random bits</source>
        <translation>随机舍入需要 1..64 个随机位</translation>
    </message>
    <message>
        <source>a block needs at least one row and one column</source>
        <translation>块至少需要一行一列</translation>
    </message>
    <message>
        <source>shape %1 is not a multiple of the %2x%3 block (the pad policy cuts edge blocks short instead)</source>
        <translation>形状 %1 不是 %2x%3 块的整数倍（“填充”策略则会把边缘块截短）</translation>
    </message>
    <message>
        <source>kept exact</source>
        <translation>保持精确</translation>
    </message>
    <message>
        <source>rounded once to fp32</source>
        <translation>一次舍入到 fp32</translation>
    </message>
    <message>
        <source>scale = amax / %1 (the largest %2), %3</source>
        <translation>缩放因子 = amax / %1（%2 的最大值），%3</translation>
    </message>
    <message>
        <source>scale = %1; emax(%2) = %3; stored as E8M0</source>
        <translation>缩放因子 = %1；emax(%2) = %3；以 E8M0 存储</translation>
    </message>
    <message>
        <source>%1 (fp32 %2)</source>
        <translation>%1（fp32 %2）</translation>
    </message>
    <message>
        <source>tensor scale = amax(tensor) / (448 × 6) = %1, %2</source>
        <translation>张量缩放因子 = amax(张量) / (448 × 6) = %1，%2</translation>
    </message>
    <message>
        <source>block scale = E4M3(amax(block) / (6 × tensor scale)) × tensor scale</source>
        <translation>块缩放因子 = E4M3(amax(块) / (6 × 张量缩放因子)) × 张量缩放因子</translation>
    </message>
    <message>
        <source>element = x / scale rounded once to %1 (%2, %3); dequantized = element × scale</source>
        <translation>元素 = x / 缩放因子，一次舍入到 %1（%2，%3）；反量化值 = 元素 × 缩放因子</translation>
    </message>
    <message>
        <source>saturating</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>not saturating</source>
        <translation>不饱和</translation>
    </message>
</context>
<context>
    <name>RangeBarsFigure</name>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>underflow (→ 0)</source>
        <translation>下溢（→ 0）</translation>
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
        <source>overflow</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>underflow: stored as 0</source>
        <translation>下溢：存为 0</translation>
    </message>
    <message>
        <source>subnormal: fewer significant bits</source>
        <translation>次正规数：有效位更少</translation>
    </message>
    <message>
        <source>not storable (NaN, or negative in an unsigned format)</source>
        <translation>无法存储（NaN，或无符号格式中的负数）</translation>
    </message>
    <message>
        <source>faint: subnormal numbers · solid: normal numbers · bar end: the largest finite value</source>
        <translation>淡色：次正规数 · 实色：正规数 · 条末端：最大有限值</translation>
    </message>
    <message>
        <source>● stored as a normal number, ○ as a subnormal, × lost</source>
        <translation>● 存为正规数，○ 存为次正规数，× 丢失</translation>
    </message>
    <message>
        <source>Where each format&apos;s numbers lie, on one log2 axis</source>
        <translation>各格式的数值分布范围（同一 log2 坐标轴）</translation>
    </message>
    <message>
        <source>values</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>%1 values (%2 zero, %3 not finite); shares of the nonzero ones:</source>
        <translation>%1 个值（%2 个为零，%3 个非有限）；非零值的占比：</translation>
    </message>
    <message>
        <source>%1: %2 (%3) — %4</source>
        <translation>%1：%2（%3）— %4</translation>
    </message>
    <message>
        <source>%1: the largest finite value
%2</source>
        <translation>%1：最大有限值
%2</translation>
    </message>
    <message>
        <source>%1: subnormal numbers, with fewer significant bits the smaller they are
smallest: %2
up to the smallest normal: %3</source>
        <translation>%1：次正规数，越小有效位越少
最小：%2
直到最小正规数：%3</translation>
    </message>
    <message>
        <source>%1: normal numbers over %2 binades (%3 in all)
smallest normal: %4
largest finite: %5</source>
        <translation>%1：正规数，跨 %2 个二进制量级（共 %3 个数）
最小正规数：%4
最大有限值：%5</translation>
    </message>
    <message>
        <source>%1: below half its smallest value, a number is stored as 0</source>
        <translation>%1：小于其最小值的一半时，数被存为 0</translation>
    </message>
    <message>
        <source>%1: beyond its largest finite value, a number overflows</source>
        <translation>%1：超出其最大有限值时，数会上溢</translation>
    </message>
    <message>
        <source>%1 ≤ |x| &lt; %2: %3 values</source>
        <translation>%1 ≤ |x| &lt; %2：%3 个值</translation>
    </message>
    <message>
        <source>gradient = 1e-8; eps = 1e-6</source>
        <translation>梯度 = 1e-8; eps = 1e-6</translation>
    </message>
</context>
<context>
    <name>RangeBarsPanel</name>
    <message>
        <source>Range bars</source>
        <translation>范围条</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>范围条</translation>
    </message>
</context>
<context>
    <name>ReductionsFigure</name>
    <message>
        <source>two passes</source>
        <translation>两遍法</translation>
    </message>
    <message>
        <source>E[x²] − E[x]²</source>
        <translation>E[x²] − E[x]²</translation>
    </message>
    <message>
        <source>Welford</source>
        <translation>Welford 法</translation>
    </message>
    <message>
        <source>0 (exact)</source>
        <translation>0（精确）</translation>
    </message>
    <message>
        <source>A softmax denominator over %1 logits, summed in each format</source>
        <translation>%1 个 logit 的 softmax 分母，在各格式中求和</translation>
    </message>
    <message>
        <source>Mean and variance three ways, every operation in the format</source>
        <translation>均值与方差的三种算法，每一步运算都在该格式中进行</translation>
    </message>
    <message>
        <source>RMSNorm computed in each format, stored in bf16</source>
        <translation>在各格式中计算 RMSNorm，以 bf16 存储</translation>
    </message>
    <message>
        <source>A router&apos;s softmax and top %1 of %2 experts, computed in each format</source>
        <translation>路由器的 softmax 与 %2 个专家中的前 %1 个，在各格式中计算</translation>
    </message>
    <message>
        <source>Normal logits (mean %1, σ %2) stored in %3, seed %4; Σ eˣ left to right, with and without the largest logit subtracted first; the reference at 256 bits. Lesson 14: the softmax denominator stays in fp32.</source>
        <translation>正态分布的 logit（均值 %1，σ %2），以 %3 存储，种子 %4；从左到右求 Σ eˣ，先减去最大 logit 与不减各算一次；参考值用 256 位计算。第 14 课：softmax 分母保持在 fp32 中。</translation>
    </message>
    <message>
        <source>%1 normal values (mean %2, σ %3), seed %4; the reference exact. LayerNorm&apos;s statistics are the reduction lesson 14 keeps in fp32.</source>
        <translation>%1 个正态分布值（均值 %2，σ %3），种子 %4；参考值为精确值。LayerNorm 的统计量正是第 14 课要求保留在 fp32 中的约简。</translation>
    </message>
    <message>
        <source>%1 tokens, normal router logits (σ %2), seed %3; softmax with the max subtracted and the top %4 in each format, against the exact order. The BF16 lesson: Switch Transformer keeps its router in fp32.</source>
        <translation>%1 个 token，正态分布的路由 logit（σ %2），种子 %3；在各格式中减去最大值后做 softmax 并取前 %4 个，与精确排序比较。BF16 一课：Switch Transformer 把路由器保留在 fp32 中。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>− max</source>
        <translation>减最大值</translation>
    </message>
    <message>
        <source>Σ eˣ</source>
        <translation>Σ eˣ</translation>
    </message>
    <message>
        <source>exact Σ eˣ</source>
        <translation>精确 Σ eˣ</translation>
    </message>
    <message>
        <source>rel. error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>absorbed</source>
        <translation>被吞没</translation>
    </message>
    <message>
        <source>overflowed</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>p(top)</source>
        <translation>p(最大)</translation>
    </message>
    <message>
        <source>exact p(top)</source>
        <translation>精确 p(最大)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>variance</source>
        <translation>方差</translation>
    </message>
    <message>
        <source>exact variance</source>
        <translation>精确方差</translation>
    </message>
    <message>
        <source>mean rel. error</source>
        <translation>平均相对误差</translation>
    </message>
    <message>
        <source>max rel. error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>correctly rounded</source>
        <translation>正确舍入</translation>
    </message>
    <message>
        <source>top-%1 changed</source>
        <translation>前 %1 个改变</translation>
    </message>
    <message>
        <source>first expert changed</source>
        <translation>第一专家改变</translation>
    </message>
    <message>
        <source>tied weights</source>
        <translation>权重并列</translation>
    </message>
    <message>
        <source>max gate error</source>
        <translation>最大门控误差</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>max subtracted</source>
        <translation>减去最大值</translation>
    </message>
    <message>
        <source>as is</source>
        <translation>直接求和</translation>
    </message>
    <message>
        <source>overflow: inf</source>
        <translation>上溢：inf</translation>
    </message>
    <message>
        <source>Relative error of the denominator</source>
        <translation>分母的相对误差</translation>
    </message>
    <message>
        <source>Relative error of the variance</source>
        <translation>方差的相对误差</translation>
    </message>
    <message>
        <source>Largest relative error of an output</source>
        <translation>输出的最大相对误差</translation>
    </message>
    <message>
        <source>Tokens whose top %1 experts change</source>
        <translation>前 %1 个专家发生改变的 token</translation>
    </message>
    <message>
        <source>with the max subtracted</source>
        <translation>减去最大值后</translation>
    </message>
    <message>
        <source>%1 %2: eˣ overflows for %3 logits and the denominator is inf.</source>
        <translation>%1 %2：有 %3 个 logit 的 eˣ 上溢，分母为 inf。</translation>
    </message>
    <message>
        <source>%1 %2: %3 of %4 terms left the sum unchanged (absorbed); the denominator&apos;s relative error is %5, and the top logit gets p = %6 instead of %7.</source>
        <translation>%1 %2：%4 项中有 %3 项没有改变和（被吞没）；分母的相对误差为 %5，最大 logit 的概率为 p = %6，而应为 %7。</translation>
    </message>
    <message>
        <source>%1, %2: variance %3 against %4 (relative error %5).</source>
        <translation>%1，%2：方差 %3，精确值 %4（相对误差 %5）。</translation>
    </message>
    <message>
        <source>A negative variance: E[x²] and E[x]² cancel.</source>
        <translation>方差为负：E[x²] 与 E[x]² 相互抵消。</translation>
    </message>
    <message>
        <source>%1: %2 of the bf16 outputs are the exact result rounded once; the worst is off by %3.</source>
        <translation>%1：%2 的 bf16 输出等于精确结果一次舍入的值；最差的相对误差为 %3。</translation>
    </message>
    <message>
        <source>%1: %2 of %3 tokens are routed to another set of %4 experts, %5 to another first expert.</source>
        <translation>%1：%3 个 token 中有 %2 个被路由到另一组 %4 个专家，%5 个的第一专家改变。</translation>
    </message>
    <message>
        <source>%1 rows of %2 bf16 activations (σ %3), eps = %4, seed %5: x / √(Σx²/n + eps) · g in each format, the output rounded to bf16, against the exact formula rounded once.</source>
        <translation>%1 行、每行 %2 个 bf16 激活值（σ %3），eps = %4，种子 %5：在各格式中计算 x / √(Σx²/n + eps) · g，输出舍入到 bf16，与一次舍入的精确公式比较。</translation>
    </message>
    <message>
        <source>rel. error of the mean</source>
        <translation>均值的相对误差</translation>
    </message>
    <message>
        <source>rel. error of the variance</source>
        <translation>方差的相对误差</translation>
    </message>
    <message>
        <source>Why: the running sum of the values ends at %1, where %2&apos;s gap is %3; a value near %4, below half of that, no longer counts, so the mean comes out as %5 instead of %6.</source>
        <translation>原因：各值的累加和最终停在 %1，那里 %2 的间隔是 %3；接近 %4 的值小于间隔的一半，已经加不进去，所以均值算成了 %5，而不是 %6。</translation>
    </message>
    <message>
        <source>Why: the sum of the %1 squares ends at %2, where %3&apos;s gap is %4; a square near %5, below half of that, no longer counts. The mean square comes out as %6 instead of %7, and dividing by its root makes every output about %8 too large (in the first row).</source>
        <translation>原因：%1 个平方的和最终停在 %2，那里 %3 的间隔是 %4；接近 %5 的平方小于间隔的一半，已经加不进去。均方值算成了 %6，而不是 %7，除以它的平方根让每个输出大约偏大 %8（第一行）。</translation>
    </message>
    <message>
        <source>%1 tokens have tied weights: two of their chosen experts got the same %2 weight, so their order is decided by where they sit, not by their logits.</source>
        <translation>%1 个 token 的权重出现并列：它们选中的两个专家得到了相同的 %2 权重，于是两者的先后由位置决定，而不是由 logits 决定。</translation>
    </message>
</context>
<context>
    <name>ScalingText</name>
    <message>
        <source>inf</source>
        <translation>inf</translation>
    </message>
    <message>
        <source>-inf</source>
        <translation>-inf</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1×%2 matrix</source>
        <translation>%1×%2 矩阵</translation>
    </message>
    <message>
        <source>1 value</source>
        <translation>1 个值</translation>
    </message>
    <message>
        <source>%1 values</source>
        <translation>%1 个值</translation>
    </message>
    <message>
        <source>%1×%2</source>
        <translation>%1×%2</translation>
    </message>
    <message>
        <source>%1 normal values (mean %2, σ %3, seed %4)</source>
        <translation>%1 个正态分布值（均值 %2，σ %3，种子 %4）</translation>
    </message>
    <message>
        <source>%1 normal values (mean %2, σ %3, %4 outliers of ±%5, seed %6)</source>
        <translation>%1 个正态分布值（均值 %2，σ %3，%4 个 ±%5 的离群值，种子 %6）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>per tensor</source>
        <translation>逐张量</translation>
    </message>
    <message>
        <source>1×%1 tiles</source>
        <translation>1×%1 tile</translation>
    </message>
    <message>
        <source>%1×%2 blocks</source>
        <translation>%1×%2 块</translation>
    </message>
    <message>
        <source>MX (32 elements, E8M0 scale)</source>
        <translation>MX（32 个元素，E8M0 缩放因子）</translation>
    </message>
    <message>
        <source>NVFP4 (16 elements, E4M3 scale, fp32 tensor scale)</source>
        <translation>NVFP4（16 个元素，E4M3 缩放因子，fp32 张量缩放因子）</translation>
    </message>
    <message>
        <source>%1, %2, %3 scale</source>
        <translation>%1，%2，缩放因子：%3</translation>
    </message>
    <message>
        <source>%1, MX, %2 rule</source>
        <translation>%1，MX，%2 规则</translation>
    </message>
    <message>
        <source>%1, NVFP4, %2 tensor scale</source>
        <translation>%1，NVFP4，张量缩放因子：%2</translation>
    </message>
    <message>
        <source>floor</source>
        <translation>向下取整</translation>
    </message>
    <message>
        <source>ceil</source>
        <translation>ceil</translation>
    </message>
    <message>
        <source>rceil</source>
        <translation>rceil</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
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
        <source>up</source>
        <translation>向上</translation>
    </message>
    <message>
        <source>down</source>
        <translation>向下</translation>
    </message>
    <message>
        <source>to odd</source>
        <translation>舍入到奇数</translation>
    </message>
    <message>
        <source>stochastic</source>
        <translation>随机舍入</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
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
        <source>a JSON array</source>
        <translation>一个 JSON 数组</translation>
    </message>
    <message>
        <source>a JSON value that is not an object</source>
        <translation>一个不是对象的 JSON 值</translation>
    </message>
    <message>
        <source>%1 is damaged or not a Floatscope session (%2 at byte %3)</source>
        <translation>%1 已损坏或不是 Floatscope 会话文件（第 %3 字节处：%2）</translation>
    </message>
    <message>
        <source>%1 is not a Floatscope session: it holds %2, not an object</source>
        <translation>%1 不是 Floatscope 会话文件：其内容是%2，而不是对象</translation>
    </message>
    <message>
        <source>formats left out: %1 repeated</source>
        <translation>略去的格式：%1 个重复</translation>
    </message>
    <message>
        <source>formats left out: %1 past the first %2</source>
        <translation>略去的格式：前 %2 个之后的 %1 个</translation>
    </message>
    <message>
        <source>bookmarks left out: %1 past the first %2</source>
        <translation>略去的书签：前 %2 个之后的 %1 个</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. A file already there is unchanged.</source>
        <translation>无法写入 %1：%2。已有的同名文件保持不变。</translation>
    </message>
</context>
<context>
    <name>TensorError</name>
    <message>
        <source>value %1</source>
        <translation>第 %1 个值</translation>
    </message>
    <message>
        <source>line %1, value %2</source>
        <translation>第 %1 行第 %2 个值</translation>
    </message>
    <message>
        <source>element [%1, %2]</source>
        <translation>元素 [%1, %2]</translation>
    </message>
    <message>
        <source>element %1</source>
        <translation>元素 %1</translation>
    </message>
    <message>
        <source>%1 cannot hold its values in fp64, so it cannot be a tensor&apos;s storage</source>
        <translation>%1 的值无法全部用 fp64 表示，因此不能作为张量的存储格式</translation>
    </message>
    <message>
        <source>%1 (&apos;%2&apos;): %3</source>
        <translation>%1（“%2”）：%3</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; overflows %3 storage (choose a wider storage format)</source>
        <translation>%1：“%2”超出 %3 存储格式的范围（请选择更宽的存储格式）</translation>
    </message>
    <message>
        <source>%1: the value is longer than %2 characters</source>
        <translation>%1：该值长于 %2 个字符</translation>
    </message>
    <message>
        <source>line %1 has %2 values but line %3 has %4: a CSV tensor must be rectangular</source>
        <translation>第 %1 行有 %2 个值，而第 %3 行有 %4 个：CSV 张量必须是矩形</translation>
    </message>
    <message>
        <source>more than %1 values: Floatscope quantizes at most %1 (split the tensor)</source>
        <translation>多于 %1 个值：Floatscope 最多量化 %1 个值（请拆分张量）</translation>
    </message>
    <message>
        <source>give a .csv or .npy file</source>
        <translation>请给出 .csv 或 .npy 文件</translation>
    </message>
    <message>
        <source>no file chosen</source>
        <translation>未选择文件</translation>
    </message>
    <message>
        <source>not a NumPy .npy file (it does not start with \x93NUMPY)</source>
        <translation>不是 NumPy .npy 文件（开头不是 \x93NUMPY）</translation>
    </message>
    <message>
        <source>truncated .npy file: it ends after %1 bytes, inside the version and header length</source>
        <translation>.npy 文件不完整：在第 %1 字节后结束，位于版本号和文件头长度之内</translation>
    </message>
    <message>
        <source>.npy format version %1 is not supported (1.0 to 3.0 are)</source>
        <translation>不支持 .npy 格式版本 %1（支持 1.0 到 3.0）</translation>
    </message>
    <message>
        <source>.npy header announces %1, more than the %2 a header may have</source>
        <translation>.npy 文件头声明长度为 %1，超过文件头上限 %2</translation>
    </message>
    <message>
        <source>truncated .npy header: it announces %1 bytes</source>
        <translation>.npy 文件头不完整：声明长度为 %1 字节</translation>
    </message>
    <message>
        <source>.npy header lacks &apos;%1&apos;</source>
        <translation>.npy 文件头缺少“%1”</translation>
    </message>
    <message>
        <source>.npy header is not a Python dict of literals: %1</source>
        <translation>.npy 文件头不是由字面量组成的 Python 字典：%1</translation>
    </message>
    <message>
        <source>structured .npy dtypes are not supported: save one float16, float32 or float64 array</source>
        <translation>不支持结构化的 .npy dtype：请保存单个 float16、float32 或 float64 数组</translation>
    </message>
    <message>
        <source>.npy dtype %1 (&apos;%2&apos;) is not supported: Floatscope reads float16, float32 and float64</source>
        <translation>不支持 .npy dtype %1（“%2”）：Floatscope 读取 float16、float32 和 float64</translation>
    </message>
    <message>
        <source>.npy array is in Fortran order: save it with np.ascontiguousarray (C order)</source>
        <translation>.npy 数组为 Fortran 顺序：请用 np.ascontiguousarray 保存（C 顺序）</translation>
    </message>
    <message>
        <source>.npy header has fortran_order %1</source>
        <translation>.npy 文件头中 fortran_order 为 %1</translation>
    </message>
    <message>
        <source>.npy shape %1 is not a tuple</source>
        <translation>.npy 形状 %1 不是元组</translation>
    </message>
    <message>
        <source>.npy shape has &apos;%1&apos;, not a whole number</source>
        <translation>.npy 形状中有“%1”，不是整数</translation>
    </message>
    <message>
        <source>.npy array has %1 dimensions; Floatscope quantizes 1-D and 2-D tensors (reshape it first)</source>
        <translation>.npy 数组有 %1 维；Floatscope 量化一维和二维张量（请先改变形状）</translation>
    </message>
    <message>
        <source>truncated .npy data: the shape needs %1 values of %2, the file holds %3</source>
        <translation>.npy 数据不完整：形状需要 %1 个 %2 值，文件中只有 %3 个</translation>
    </message>
    <message>
        <source>shape &apos;%1&apos; is not N or ROWSxCOLS with positive whole numbers</source>
        <translation>形状“%1”不是 N 或 行x列（正整数）</translation>
    </message>
    <message>
        <source>shape %1 does not hold the %2 values given</source>
        <translation>形状 %1 容纳不了给出的 %2 个值</translation>
    </message>
    <message>
        <source>a generated tensor needs a positive shape</source>
        <translation>生成的张量需要正的形状</translation>
    </message>
    <message>
        <source>the normal distribution needs a finite mean and a standard deviation &gt;= 0</source>
        <translation>正态分布需要有限的均值和 ≥ 0 的标准差</translation>
    </message>
    <message>
        <source>%1 outliers do not fit in %2 elements</source>
        <translation>%2 个元素放不下 %1 个离群值</translation>
    </message>
    <message>
        <source>the outlier magnitude must be finite</source>
        <translation>离群值的大小必须有限</translation>
    </message>
    <message>
        <source>generated values overflow %1 storage: the mean, standard deviation or outlier value is too large for it</source>
        <translation>生成的值超出 %1 存储格式的范围：均值、标准差或离群值对它来说太大</translation>
    </message>
    <message>
        <source>the tensor is empty: quantizing needs at least one value</source>
        <translation>张量为空：量化至少需要一个值</translation>
    </message>
    <message>
        <source>%1 is %2: quantizing needs finite values (one NaN or inf would set its block&apos;s scale)</source>
        <translation>%1 为 %2：量化需要有限值（一个 NaN 或 inf 就会决定其所在块的缩放因子）</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: %2</source>
        <translation>“%1”：%2</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; has no value in %3, which has no sign and no zero (choose a signed storage: fp32, bf16, ...)</source>
        <translation>%1：“%2”在 %3 中没有对应的值，因为它没有符号位也没有零（请选择带符号的存储格式：fp32、bf16 等）</translation>
    </message>
    <message>
        <source>%1 has no sign bit, and normal values take both signs: choose a signed storage (fp32, bf16, ...)</source>
        <translation>%1 没有符号位，而正态分布的值有正有负：请选择带符号的存储格式（fp32、bf16 等）</translation>
    </message>
</context>
<context>
    <name>TrainText</name>
    <message>
        <source>The recipe is empty: name a preset (%1) or write key=value pairs</source>
        <translation>精度配方为空：请给出一个预设（%1），或写出 key=value 键值对</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a key=value pair</source>
        <translation>“%1”不是 key=value 键值对</translation>
    </message>
    <message>
        <source>Unknown recipe key &apos;%1&apos; (keys: name, base, params, master, matmul, fp8-forward, fp8-backward, fp8-scaling, amax-history, attention, grads, adam-m, adam-v, update, loss-scale, scale-initial, scale-interval, scale-growth, scale-backoff)</source>
        <translation>未知的配方键“%1”（可用的键：name、base、params、master、matmul、fp8-forward、fp8-backward、fp8-scaling、amax-history、attention、grads、adam-m、adam-v、update、loss-scale、scale-initial、scale-interval、scale-growth、scale-backoff）</translation>
    </message>
    <message>
        <source>The recipe sets &apos;%1&apos; twice</source>
        <translation>配方把“%1”设置了两次</translation>
    </message>
    <message>
        <source>Unknown recipe &apos;%1&apos; (presets: %2)</source>
        <translation>未知的精度配方“%1”（预设：%2）</translation>
    </message>
    <message>
        <source>%1=%2: &apos;%2&apos; is not a format (see &apos;floatscope formats&apos;)</source>
        <translation>%1=%2：“%2”不是一种格式（见 “floatscope formats”）</translation>
    </message>
    <message>
        <source>%1=%2: the training lab holds values in formats with a sign and a zero whose values fit fp32 (fp32, tf32, bf16, fp16, fp8 and smaller)</source>
        <translation>%1=%2：训练实验只能把数值存进有符号位、有零、且所有值都能用 fp32 表示的格式（fp32、tf32、bf16、fp16、fp8 及更小的格式）</translation>
    </message>
    <message>
        <source>%1=%2: expected %3</source>
        <translation>%1=%2：应为 %3</translation>
    </message>
    <message>
        <source>%1=%2: expected a number in %3</source>
        <translation>%1=%2：应为 %3 范围内的数</translation>
    </message>
    <message>
        <source>The recipe needs a name (name=...) or a preset to start from (base=...)</source>
        <translation>配方需要一个名称（name=...），或一个作为起点的预设（base=...）</translation>
    </message>
    <message>
        <source>The number of steps must be 1..%1</source>
        <translation>步数必须在 1..%1 之间</translation>
    </message>
    <message>
        <source>Learning rates must lie in (0, 1]</source>
        <translation>学习率必须在 (0, 1] 之间</translation>
    </message>
    <message>
        <source>The model&apos;s width must be a multiple of its heads, and every size at least 1</source>
        <translation>模型宽度必须是注意力头数的整数倍，且各项尺寸至少为 1</translation>
    </message>
    <message>
        <source>The text is too short for one training window</source>
        <translation>文本太短，不够一个训练窗口</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a learning rate: write a number in (0, 1], &apos;lecture&apos; (3e-3 to 3e-4) or &apos;small&apos; (3e-4 to 3e-5)</source>
        <translation>“%1”不是学习率：请写 (0, 1] 之间的数，或 “lecture”（3e-3 到 3e-4），或 “small”（3e-4 到 3e-5）</translation>
    </message>
    <message>
        <source>Cannot read the recipe file %1: %2</source>
        <translation>无法读取配方文件 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2 (a file already there is unchanged)</source>
        <translation>无法写入 %1：%2（原有文件保持不变）</translation>
    </message>
    <message>
        <source>Everything in fp32: the reference</source>
        <translation>全部使用 fp32：参照</translation>
    </message>
    <message>
        <source>Weights, products and gradients in bf16, no fp32 master copy</source>
        <translation>权重、矩阵乘法和梯度都用 bf16，没有 fp32 主副本</translation>
    </message>
    <message>
        <source>Weights, products and gradients in fp16, no master copy, no loss scaling</source>
        <translation>权重、矩阵乘法和梯度都用 fp16，没有主副本，也没有损失缩放</translation>
    </message>
    <message>
        <source>bf16 weights, products and gradients; AdamW updates an fp32 master copy</source>
        <translation>bf16 的权重、矩阵乘法和梯度；AdamW 更新一份 fp32 主副本</translation>
    </message>
    <message>
        <source>fp16 with an fp32 master and dynamic loss scaling (2¹⁶, doubled after 100 good steps)</source>
        <translation>fp16，带 fp32 主副本和动态损失缩放（2¹⁶，连续 100 步正常后翻倍）</translation>
    </message>
    <message>
        <source>fp16 with an fp32 master, without loss scaling</source>
        <translation>fp16，带 fp32 主副本，不做损失缩放</translation>
    </message>
    <message>
        <source>bf16-pure with the update rounded stochastically (seeded): 2 bytes a weight, no master</source>
        <translation>bf16-pure，但更新用随机舍入（带种子）：每个权重 2 字节，没有主副本</translation>
    </message>
    <message>
        <source>bf16-master with the linear layers&apos; products in e4m3fn / e5m2, per-tensor current scaling</source>
        <translation>bf16-master，线性层的矩阵乘法用 e4m3fn / e5m2，按张量的即时缩放</translation>
    </message>
    <message>
        <source>fp8-current with delayed scaling: the largest amax of the last 16 steps</source>
        <translation>fp8-current 改用延迟缩放：取最近 16 步中最大的 amax</translation>
    </message>
    <message>
        <source>lecture 10&apos;s: %1</source>
        <translation>第 10 讲的：%1</translation>
    </message>
    <message>
        <source>small: %1</source>
        <translation>小学习率：%1</translation>
    </message>
    <message>
        <source>Train fp32 beside the others to see what each recipe costs against it.</source>
        <translation>把 fp32 也一起训练，才能看出每个配方相对它的代价。</translation>
    </message>
    <message>
        <source>Why: at a peak of %1 the updates are large against the weights, so only %2 of them are absorbed on average and the lecture&apos;s gap does not come out on this model. Absorption bites when updates are small: try the small learning rate.</source>
        <translation>原因：峰值学习率为 %1 时，更新相对权重较大，平均只有 %2 的更新被吞没，所以讲义中的差距在这个模型上没有出现。更新很小时吞没才明显：试试小学习率。</translation>
    </message>
    <message>
        <source>Why: at a peak of %1, %2 of its updates are absorbed on average. An update smaller than half a bf16 ulp of its weight rounds away in bf16 storage, and small learning rates make most updates that small.</source>
        <translation>原因：峰值学习率为 %1 时，平均有 %2 的更新被吞没。小于权重的半个 bf16 ulp 的更新在 bf16 存储中被舍入掉，而小学习率让大多数更新都这么小。</translation>
    </message>
    <message>
        <source>bf16-master ends %1 bit/char against fp32 (lecture 10: with an fp32 master copy bf16 matches fp32): AdamW updates the fp32 copy, which keeps what bf16 storage would absorb (%2 absorbed there).</source>
        <translation>bf16-master 最终与 fp32 相差 %1 比特/字符（第 10 讲：有 fp32 主副本时 bf16 与 fp32 一致）：AdamW 更新的是 fp32 副本，它保留了 bf16 存储会吞没的更新（那里被吞没 %2）。</translation>
    </message>
    <message>
        <source>bf16-stochastic recovers %1 of bf16-pure&apos;s gap at 2 bytes a weight, without a master copy: rounding the update stochastically keeps it on average.</source>
        <translation>bf16-stochastic 以每个权重 2 字节、不用主副本的代价，挽回了 bf16-pure 差距的 %1：随机舍入让更新在平均意义上得以保留。</translation>
    </message>
    <message>
        <source>bf16-stochastic ends %1 bit/char against fp32; bf16-pure&apos;s gap is too small here to say how much of it stochastic rounding recovers.</source>
        <translation>bf16-stochastic 最终与 fp32 相差 %1 比特/字符；bf16-pure 在这里的差距太小，看不出随机舍入挽回了多少。</translation>
    </message>
    <message>
        <source>Without loss scaling fp16 rounds %1 of the nonzero gradients to zero on average (fp16-noscale ends %2 bit/char against fp32).</source>
        <translation>不做损失缩放时，fp16 平均把 %1 的非零梯度舍入成 0（fp16-noscale 最终与 fp32 相差 %2 比特/字符）。</translation>
    </message>
    <message>
        <source>fp16-amp loses %1 of them: its dynamic scale went from %2 to %3 with %4 steps skipped (the BF16 lesson measured 2¹⁶ doubling twice in 300 steps), and it ends %5 bit/char against fp32.</source>
        <translation>fp16-amp 丢失 %1：它的动态缩放因子从 %2 变为 %3，跳过了 %4 步（BF16 课实测为 2¹⁶ 在 300 步内翻倍两次），最终与 fp32 相差 %5 比特/字符。</translation>
    </message>
    <message>
        <source>%1 ends %2 bit/char against fp32 (the FP8 blog: the loss curves coincide); its casts saturated %3 of the forward elements and %4 of the gradients.</source>
        <translation>%1 最终与 fp32 相差 %2 比特/字符（FP8 博文：损失曲线重合）；它的类型转换使 %3 的前向元素和 %4 的梯度饱和。</translation>
    </message>
    <message>
        <source>%1&apos;s gap to fp32 in bit/char, by peak learning rate: %2.</source>
        <translation>%1 相对 fp32 的差距（比特/字符），按峰值学习率：%2。</translation>
    </message>
    <message>
        <source>Its updates absorbed on average: %1 at %2, %3 at %4. The gap follows absorption, which bites when updates are small against the weights.</source>
        <translation>它的更新平均被吞没：%2 时 %1，%4 时 %3。差距随吞没而变：更新相对权重很小时，吞没才明显。</translation>
    </message>
    <message>
        <source>%1 parameters · batch %2 × %3 · %4 steps · %5 · seed %6</source>
        <translation>%1 个参数 · 批次 %2 × %3 · %4 步 · %5 · 种子 %6</translation>
    </message>
    <message>
        <source>learning rate %1 → %2 (cosine)</source>
        <translation>学习率 %1 → %2（余弦）</translation>
    </message>
    <message>
        <source>each peak learning rate cosine to a tenth of it</source>
        <translation>每个峰值学习率都余弦衰减到其十分之一</translation>
    </message>
    <message>
        <source>%1 (GPU)</source>
        <translation>%1（GPU）</translation>
    </message>
    <message>
        <source>%1 stopped after step %2: %3.</source>
        <translation>%1 在第 %2 步后停止：%3。</translation>
    </message>
    <message>
        <source>the GPU&apos;s products</source>
        <translation>GPU 上的矩阵乘法</translation>
    </message>
    <message>
        <source>%1 with its products on %2 ends %3 bit/char from the engine&apos;s emulated run of the same recipe, its training loss at most %4 bit/char from it at any step: the roundings are the recipe&apos;s in both, so the difference is the GPU&apos;s own accumulation.</source>
        <translation>%1 的矩阵乘法在 %2 上运行，最终与同一配方在引擎上的模拟运行相差 %3 比特/字符，每一步的训练损失与之相差至多 %4 比特/字符：两者的舍入都按配方进行，所以差别只来自 GPU 自己的累加方式。</translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>bf16-pure ends %1 bit/char against fp32. Lecture 10 reports 0.12 bit/char worse at 3e-3; a PyTorch model of this network, written apart from Floatscope, saw none at 3e-3 and 0.29 at 3e-4.</source>
        <translation>bf16-pure 最终比 fp32 差 %1 比特/字符。第 10 讲报告在 3e-3 时差 0.12 比特/字符；一个独立于 Floatscope 编写的同一网络的 PyTorch 模型在 3e-3 时没有差距，在 3e-4 时差 0.29。</translation>
    </message>
    <message>
        <source>fp16-pure ends %1 bit/char against fp32 (the PyTorch model: 0.03 at 3e-4): fp16&apos;s 10 mantissa bits absorb fewer updates than bf16&apos;s 7 (%2 absorbed on average), but without loss scaling %3 of its nonzero gradients become 0.</source>
        <translation>fp16-pure 最终与 fp32 相差 %1 比特/字符（PyTorch 模型：3e-4 时 0.03）：fp16 有 10 位尾数，比 bf16 的 7 位吞没的更新少（平均吞没 %2），但没有损失缩放时，它有 %3 的非零梯度变成 0。</translation>
    </message>
    <message>
        <source>Lecture 10 reports 0.12 bit/char at 3e-3; on this model that size of gap takes the small learning rates, as in a PyTorch model of this network written apart from Floatscope (0.29 at 3e-4, none at 3e-3).</source>
        <translation>第 10 讲报告 3e-3 时差 0.12 比特/字符；在这个模型上，这么大的差距要到小学习率才出现，与一个独立于 Floatscope 编写的同一网络的 PyTorch 模型一致（3e-4 时 0.29，3e-3 时没有）。</translation>
    </message>
    <message>
        <source>a name of 1 to %1 bytes without commas</source>
        <translation>1 到 %1 个字节、不含逗号的名字</translation>
    </message>
    <message>
        <source>The recipe holds a byte that is not text (%1) on line %2: a recipe is key=value pairs in plain text</source>
        <translation>配方第 %2 行含有一个不是文本的字节（%1）：配方应是纯文本的 key=value 键值对</translation>
    </message>
    <message>
        <source>a NUL, 0x00</source>
        <translation>空字节 0x00</translation>
    </message>
    <message>
        <source>Give 1 to %1 peak learning rates, comma-separated; got &apos;%2&apos;</source>
        <translation>请写 1 到 %1 个峰值学习率，用逗号分隔；收到的是“%2”</translation>
    </message>
</context>
<context>
    <name>TrainingFigure</name>
    <message>
        <source>Bits per character on the validation text at the end of each run; absorbed: the recipe&apos;s share of updates absorbed, the mean over its steps.</source>
        <translation>每次训练结束时验证文本上的比特/字符；吞没：该配方被吞没的更新所占比例，取各步的平均。</translation>
    </message>
    <message>
        <source>Gap to fp32 against the peak learning rate, %1 steps</source>
        <translation>相对 fp32 的差距与峰值学习率，%1 步</translation>
    </message>
    <message>
        <source>Training lab: %1 steps, learning rate %2 → %3</source>
        <translation>训练实验室：%1 步，学习率 %2 → %3</translation>
    </message>
    <message>
        <source>Training loss (faint) and validation, bits per character</source>
        <translation>训练损失（浅色）与验证结果，比特/字符</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>bits per character</source>
        <translation>比特/字符</translation>
    </message>
    <message>
        <source>Loss against memory</source>
        <translation>损失与内存</translation>
    </message>
    <message>
        <source>bytes per parameter</source>
        <translation>每个参数的字节数</translation>
    </message>
    <message>
        <source>Gap to fp32 at the end of the run, by peak learning rate (cosine to a tenth of it)</source>
        <translation>训练结束时相对 fp32 的差距，按峰值学习率（余弦衰减到其十分之一）</translation>
    </message>
    <message>
        <source>bits per character behind fp32</source>
        <translation>比 fp32 多出的比特/字符</translation>
    </message>
    <message>
        <source>fp32 (no gap)</source>
        <translation>fp32（无差距）</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>bytes/param</source>
        <translation>字节/参数</translation>
    </message>
    <message>
        <source>bits/char</source>
        <translation>比特/字符</translation>
    </message>
    <message>
        <source>vs fp32</source>
        <translation>与 fp32 相比</translation>
    </message>
    <message>
        <source>absorbed</source>
        <translation>吞没</translation>
    </message>
    <message>
        <source>underflow</source>
        <translation>下溢</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>loss scale</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>fp8 casts</source>
        <translation>fp8 转换</translation>
    </message>
    <message>
        <source>amax</source>
        <translation>amax</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>flushed to 0</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>forward (%1)</source>
        <translation>前向（%1）</translation>
    </message>
    <message>
        <source>gradients (%1)</source>
        <translation>梯度（%1）</translation>
    </message>
    <message>
        <source>peak learning rate</source>
        <translation>峰值学习率</translation>
    </message>
    <message>
        <source>fp32 bits/char</source>
        <translation>fp32 比特/字符</translation>
    </message>
    <message>
        <source>recipe bits/char</source>
        <translation>配方比特/字符</translation>
    </message>
    <message>
        <source>gap</source>
        <translation>差距</translation>
    </message>
    <message>
        <source>Not trained yet.</source>
        <translation>尚未训练。</translation>
    </message>
    <message>
        <source>↳ on the GPU</source>
        <translation>↳ 在 GPU 上</translation>
    </message>
    <message>
        <source>bits/char: validation at the end; bytes/param: weights, master copy, gradients and Adam&apos;s moments (the memory ledger); absorbed, underflow, overflow: means over the steps.</source>
        <translation>比特/字符：结束时的验证结果；字节/参数：权重、主副本、梯度和 Adam 的两个矩（内存账本）；吞没、下溢、上溢：各步的平均。</translation>
    </message>
    <message>
        <source>fp8: the last step&apos;s amax and scale; saturated and flushed: means over the steps.</source>
        <translation>fp8：最后一步的 amax 和缩放因子；饱和与清零比例：各步的平均。</translation>
    </message>
    <message>
        <source>Validation behind fp32&apos;s, bits per character</source>
        <translation>验证集落后 fp32 多少，比特/字符</translation>
    </message>
    <message>
        <source>behind fp32</source>
        <translation>落后 fp32</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::AbsorbedUpdatesPanel</name>
    <message>
        <source>Weights from a file</source>
        <translation>从文件加载权重</translation>
    </message>
    <message>
        <source>&amp;Weights:</source>
        <translation>权重(&amp;W)：</translation>
    </message>
    <message>
        <source>generated (normal, with some exact ones)</source>
        <translation>生成（正态分布，部分恰为 1）</translation>
    </message>
    <message>
        <source>pasted</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>from a .npy or .csv file</source>
        <translation>来自 .npy 或 .csv 文件</translation>
    </message>
    <message>
        <source>&amp;How many:</source>
        <translation>数量(&amp;H)：</translation>
    </message>
    <message>
        <source>Standard &amp;deviation:</source>
        <translation>标准差(&amp;D)：</translation>
    </message>
    <message>
        <source>Share of exact &amp;ones:</source>
        <translation>恰为 1 的比例(&amp;O)：</translation>
    </message>
    <message>
        <source>LayerNorm and RMSNorm gains start at exactly 1.0 (lecture 10)</source>
        <translation>LayerNorm 和 RMSNorm 的增益初始值恰为 1.0（第 10 讲）</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>Paste weights here (separated by spaces, commas or new lines)</source>
        <translation>在此粘贴权重（以空格、逗号或换行分隔）</translation>
    </message>
    <message>
        <source>&amp;Load…</source>
        <translation>加载(&amp;L)…</translation>
    </message>
    <message>
        <source>No file loaded.</source>
        <translation>未加载文件。</translation>
    </message>
    <message>
        <source>&amp;Update size:</source>
        <translation>更新量(&amp;U)：</translation>
    </message>
    <message>
        <source>About the learning rate for Adam, whose steps are about lr × sign</source>
        <translation>对 Adam 而言约等于学习率，因为其每步更新约为 lr 乘以梯度的符号（±1）</translation>
    </message>
    <message>
        <source>&amp;Storage formats:</source>
        <translation>存储格式(&amp;S)：</translation>
    </message>
    <message>
        <source>Load a file of weights</source>
        <translation>加载权重文件</translation>
    </message>
    <message>
        <source>the training lab&apos;s model, after k fp32 steps</source>
        <translation>训练实验室的模型，fp32 训练 k 步后</translation>
    </message>
    <message>
        <source>Ste&amp;ps k:</source>
        <translation>步数 k(&amp;P)：</translation>
    </message>
    <message>
        <source>fp32 steps of the training lab&apos;s run (lecture 10&apos;s schedule) before the weights are taken; 0: the initial weights</source>
        <translation>取权重之前，训练实验室按第 10 讲的学习率计划进行的 fp32 步数；0 表示初始权重</translation>
    </message>
    <message>
        <source>Choose k: the model trains on a worker thread.</source>
        <translation>选择 k：模型在工作线程上训练。</translation>
    </message>
    <message>
        <source>Training the model for %1 fp32 steps on a worker thread…</source>
        <translation>正在工作线程上用 fp32 训练模型 %1 步…</translation>
    </message>
    <message>
        <source>Cancelled: the figure still shows the previous weights.</source>
        <translation>已取消：图中仍是之前的权重。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::AccumulationPanel</name>
    <message>
        <source>Absorption</source>
        <translation>N 步累加中的吞没</translation>
    </message>
    <message>
        <source>Prese&amp;t:</source>
        <translation>示例(&amp;T)：</translation>
    </message>
    <message>
        <source>(your own)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <source>1 + 10⁻³, a thousand times</source>
        <translation>1 + 10⁻³，加一千次</translation>
    </message>
    <message>
        <source>10⁻⁴, ten thousand times, from 0</source>
        <translation>10⁻⁴，从 0 开始加一万次</translation>
    </message>
    <message>
        <source>1 + 10⁻⁴, a thousand times</source>
        <translation>1 + 10⁻⁴，加一千次</translation>
    </message>
    <message>
        <source>Master weight: fp32 + 0.001 a step, and its bf16 copy</source>
        <translation>主权重：fp32 每步 + 0.001，及其 bf16 副本</translation>
    </message>
    <message>
        <source>St&amp;art:</source>
        <translation>起始值(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Increment:</source>
        <translation>增量(&amp;I)：</translation>
    </message>
    <message>
        <source>Steps &amp;N:</source>
        <translation>步数 N(&amp;N)：</translation>
    </message>
    <message>
        <source>The value the sum starts from: decimal, scientific (1e-3), hex float or bits (bf16:0x3F80)</source>
        <translation>累加的起始值：十进制、科学计数法（1e-3）、十六进制浮点或位模式（bf16:0x3F80）</translation>
    </message>
    <message>
        <source>What is added at every step</source>
        <translation>每步加上的量</translation>
    </message>
    <message>
        <source>How many adds: 1 to 10⁷ (1e6 is fine)</source>
        <translation>加法次数：1 到 10⁷（可写作 1e6）</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>stored: the sum lives in the format, each add rounds once</source>
        <translation>直接存储：和保存在该格式中，每次加法舍入一次</translation>
    </message>
    <message>
        <source>fp32 master: fp32 adds, cast to the format every step</source>
        <translation>fp32 主副本：用 fp32 相加，每步转换到该格式</translation>
    </message>
    <message>
        <source>Kahan: compensated sum, every operation in the format</source>
        <translation>Kahan：补偿求和，每步运算都在该格式中进行</translation>
    </message>
    <message>
        <source>stochastic rounding (seeded)</source>
        <translation>随机舍入（带种子）</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>Inputs reac&amp;h the format:</source>
        <translation>输入进入格式的方式(&amp;H)：</translation>
    </message>
    <message>
        <source>directly (one rounding)</source>
        <translation>直接（一次舍入）</translation>
    </message>
    <message>
        <source>through fp32 first (torch.tensor(x))</source>
        <translation>先经 fp32（torch.tensor(x)）</translation>
    </message>
    <message>
        <source>through fp64 first</source>
        <translation>先经 fp64</translation>
    </message>
    <message>
        <source>&amp;Formats:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Running %1 steps in %2 formats…</source>
        <translation>正在 %2 种格式中运行 %1 步…</translation>
    </message>
    <message>
        <source>Cancelled: the chart and the table still show the previous run.</source>
        <translation>已取消：图表和表格仍显示上一次的结果。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>value (exact)</source>
        <translation>数值（精确）</translation>
    </message>
    <message>
        <source>− exact sum</source>
        <translation>− 精确和</translation>
    </message>
    <message>
        <source>compensation</source>
        <translation>补偿项</translation>
    </message>
    <message>
        <source>fp32 master</source>
        <translation>fp32 主副本</translation>
    </message>
    <message>
        <source>first stall</source>
        <translation>首次停滞</translation>
    </message>
    <message>
        <source>Step %1 of %2 · the exact sum is %3</source>
        <translation>第 %1 步 / 共 %2 步 · 精确和为 %3</translation>
    </message>
    <message>
        <source>No add has been lost so far.</source>
        <translation>到目前为止没有丢失任何一次加法。</translation>
    </message>
    <message>
        <source>The BF16 lesson: fp16 ends at 1.9765625, bf16 stays at 1, fp32 ends near 2. bf16 loses any increment below 2⁻⁸ of a sum near 1, fp16 only below 2⁻¹¹.</source>
        <translation>BF16 一课：fp16 最终为 1.9765625，bf16 停在 1，fp32 最终接近 2。和接近 1 时，bf16 会丢失任何小于 2⁻⁸ 的增量，fp16 只丢失小于 2⁻¹¹ 的增量。</translation>
    </message>
    <message>
        <source>Lecture 10, demo 2(a): the sum should reach 1. fp16 stops at 0.25 and bf16 at 0.03125, where the gap between neighbours exceeds twice the increment.</source>
        <translation>第 10 讲，演示 2(a)：和本应达到 1。fp16 停在 0.25，bf16 停在 0.03125，此时相邻值间距已超过增量的两倍。</translation>
    </message>
    <message>
        <source>The BF16 lesson: w = 1, dw = 10⁻⁴: fp16 and bf16 never move; only fp32 does.</source>
        <translation>BF16 一课：w = 1，dw = 10⁻⁴：fp16 和 bf16 始终不变；只有 fp32 会变。</translation>
    </message>
    <message>
        <source>Lesson 14 says the bf16 copy moves after 8 steps, when 0.008 exceeds bf16&apos;s ulp 1/128: that is a truncating cast (toward zero). Rounding to nearest-even, as .to(torch.bfloat16) does, moves it at step %1, as soon as the master passes 1 + 1/256, half an ulp above 1.</source>
        <translation>第 14 课说 bf16 副本在 8 步后才变化，即 0.008 超过 bf16 的 ulp 1/128 时：那是截断转换（向零舍入）。按就近、平局取偶舍入（.to(torch.bfloat16) 就是如此），主权重一超过 1 + 1/256（比 1 大半个 ulp），即第 %1 步，副本就会变化。</translation>
    </message>
    <message>
        <source>Steps 1, 10, 100, ... (and the values on a log₂ axis when they are all positive), so that a sum that stops early is seen flat: fp16 at 4 and bf16 at 1 after a million adds of 10⁻³</source>
        <translation>步数取 1、10、100……（数值全为正时也用 log₂ 轴），这样较早停下的和就显示为一条平线：加一百万次 10⁻³ 后，fp16 停在 4，bf16 停在 1</translation>
    </message>
    <message>
        <source>&amp;Logarithmic step axis</source>
        <translation>对数步数轴(&amp;L)</translation>
    </message>
    <message>
        <source>A logarithmic step axis shows where each sum stalls, however long the run.</source>
        <translation>对数步数轴能看清每个和在哪里停滞，无论运行多长。</translation>
    </message>
    <message>
        <source>steps that moved the sum</source>
        <translation>改变了和的步数</translation>
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
    <name>floatscope::gui::BlockTableModel</name>
    <message>
        <source>all zero: scale 1</source>
        <translation>全为零：缩放因子 1</translation>
    </message>
    <message>
        <source>partial (cut by the edge)</source>
        <translation>不完整（被边缘截断）</translation>
    </message>
    <message>
        <source>scale clamped to E8M0&apos;s range</source>
        <translation>缩放因子被截断到 E8M0 的范围</translation>
    </message>
    <message>
        <source>E4M3 scale rounded to 0: block flushed</source>
        <translation>E4M3 缩放因子舍入为 0：整块清零</translation>
    </message>
    <message>
        <source>exact (no format)</source>
        <translation>精确（无格式）</translation>
    </message>
    <message>
        <source>exactly %1 = %2</source>
        <translation>精确值 %1 = %2</translation>
    </message>
    <message>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>amax</source>
        <translation>amax</translation>
    </message>
    <message>
        <source>scale bits</source>
        <translation>缩放因子位</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>flushed</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
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
    <name>floatscope::gui::DeckDialog</name>
    <message>
        <source>%1 (1 page)</source>
        <translation>%1（1 页）</translation>
    </message>
    <message>
        <source>%1 (%2 pages)</source>
        <translation>%1（%2 页）</translation>
    </message>
    <message>
        <source>Export lesson</source>
        <translation>导出课程</translation>
    </message>
    <message>
        <source>one PDF, a page per preset</source>
        <translation>一个 PDF，每个预设一页</translation>
    </message>
    <message>
        <source>a folder of PNG figures</source>
        <translation>一个 PNG 图片文件夹</translation>
    </message>
    <message>
        <source>a folder of SVG figures</source>
        <translation>一个 SVG 图片文件夹</translation>
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
        <source>Slide style: large type, thick lines, 1280 × 720</source>
        <translation>幻灯片样式：大字号、粗线条，1280 × 720</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>As</source>
        <translation>导出为</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Choose at least one lesson.</source>
        <translation>请至少选择一门课程。</translation>
    </message>
    <message>
        <source>1 page in all.</source>
        <translation>共 1 页。</translation>
    </message>
    <message>
        <source>%1 pages in all.</source>
        <translation>共 %1 页。</translation>
    </message>
    <message>
        <source>Drawing the pages…</source>
        <translation>正在绘制页面…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>PNG scale</source>
        <translation>PNG 缩放</translation>
    </message>
    <message>
        <source>Export lesson into a folder (a new name makes one)</source>
        <translation>把本课导出到文件夹（输入新名称即新建文件夹）</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::DelayedScalingPanel</name>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>S&amp;teps:</source>
        <translation>步数(&amp;T)：</translation>
    </message>
    <message>
        <source>Amax &amp;history:</source>
        <translation>amax 历史(&amp;H)：</translation>
    </message>
    <message>
        <source>Spi&amp;ke at step:</source>
        <translation>尖峰所在步(&amp;K)：</translation>
    </message>
    <message>
        <source>Spike &amp;length:</source>
        <translation>尖峰长度(&amp;L)：</translation>
    </message>
    <message>
        <source>Spike &amp;×:</source>
        <translation>尖峰倍数(&amp;×)：</translation>
    </message>
    <message>
        <source>&amp;Drift, log₂ a step:</source>
        <translation>漂移，每步 log₂(&amp;D)：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>The fp8 format each step&apos;s tensor is cast to</source>
        <translation>每步张量转换成的 fp8 格式</translation>
    </message>
    <message>
        <source>Delayed scaling makes a step&apos;s scale from the largest amax of this many steps before it (Transformer Engine&apos;s amax history length)</source>
        <translation>延迟缩放用此前这么多步中最大的 amax 来定本步的缩放因子（Transformer Engine 的 amax 历史长度）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>How much larger the tensor is during the spike</source>
        <translation>尖峰期间张量放大的倍数</translation>
    </message>
    <message>
        <source>The tensor&apos;s size grows by 2 to this power every step (negative: it shrinks)</source>
        <translation>张量的大小每步乘以 2 的这个次方（负数：变小）</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::DotTracePanel</name>
    <message>
        <source>&amp;Inputs:</source>
        <translation>输入(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Accumulator:</source>
        <translation>累加器(&amp;A)：</translation>
    </message>
    <message>
        <source>One accumulator, as &apos;floatscope dot --accumulator&apos; takes it: fp32, bf16:toward-zero, fixed:13:32, h100-fp8, avx512bf16</source>
        <translation>一个累加器，写法同 &apos;floatscope dot --accumulator&apos;：“fp32”、“bf16:toward-zero”、“fixed:13:32”、“h100-fp8”、“avx512bf16”</translation>
    </message>
    <message>
        <source>C&amp;hoose</source>
        <translation>选择(&amp;H)</translation>
    </message>
    <message>
        <source>Choose an accumulator</source>
        <translation>选择一个累加器</translation>
    </message>
    <message>
        <source>&amp;Promote every:</source>
        <translation>提升间隔(&amp;P)：</translation>
    </message>
    <message>
        <source>no promotion</source>
        <translation>不提升</translation>
    </message>
    <message>
        <source> products</source>
        <translation> 个乘积</translation>
    </message>
    <message>
        <source>&amp;Vectors:</source>
        <translation>向量(&amp;V)：</translation>
    </message>
    <message>
        <source>generated</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>typed value by value</source>
        <translation>逐个输入</translation>
    </message>
    <message>
        <source>&amp;Products:</source>
        <translation>乘积个数(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Distribution:</source>
        <translation>分布(&amp;D)：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;a:</source>
        <translation>&amp;a：</translation>
    </message>
    <message>
        <source>&amp;b:</source>
        <translation>&amp;b：</translation>
    </message>
    <message>
        <source>Values separated by commas or blanks, each rounded once to the inputs&apos; format</source>
        <translation>用逗号或空格分隔的值，每个值一次舍入到输入格式</translation>
    </message>
    <message>
        <source>As many values as a: %1, got %2</source>
        <translation>应与 a 的个数相同：%1 个，实际 %2 个</translation>
    </message>
    <message>
        <source>At most %1 values</source>
        <translation>最多 %1 个值</translation>
    </message>
    <message>
        <source>One dot product opened up</source>
        <translation>拆开一次点积</translation>
    </message>
    <message>
        <source>Dot product steps</source>
        <translation>点积逐步</translation>
    </message>
    <message>
        <source>Dot steps</source>
        <translation>点积逐步</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::ElementTableModel</name>
    <message>
        <source>flushed to 0</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>%1 (overflow, not saturated)</source>
        <translation>%1（上溢，未饱和）</translation>
    </message>
    <message>
        <source>inf</source>
        <translation>inf</translation>
    </message>
    <message>
        <source>exactly %1</source>
        <translation>精确值 %1</translation>
    </message>
    <message>
        <source>element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>x / scale</source>
        <translation>x / 缩放因子</translation>
    </message>
    <message>
        <source>code</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>element value</source>
        <translation>元素值</translation>
    </message>
    <message>
        <source>dequantized</source>
        <translation>反量化值</translation>
    </message>
    <message>
        <source>abs. error</source>
        <translation>绝对误差</translation>
    </message>
    <message>
        <source>rel. error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
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
    <message>
        <source>exactly %1</source>
        <translation>精确值 %1</translation>
    </message>
    <message>
        <source>from the %1 value %2: </source>
        <translation>由 %1 值 %2 舍入：</translation>
    </message>
    <message>
        <source>previous ← %1</source>
        <translation>前一个 ← %1</translation>
    </message>
    <message>
        <source>next → %1</source>
        <translation>后一个 → %1</translation>
    </message>
    <message>
        <source>%1 = %2 (shortest %3)</source>
        <translation>%1 = %2（最短表示 %3）</translation>
    </message>
    <message>
        <source>exact: no bits discarded</source>
        <translation>精确：没有舍去任何位</translation>
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
    <message>
        <source>No reference rounds stochastically: this table and the verify below use nearest-even.</source>
        <translation>没有参考实现支持随机舍入：此表和下方的验证均使用就近舍入（平局取偶）。</translation>
    </message>
    <message>
        <source>%1 has no such conversion</source>
        <translation>%1 没有这种转换</translation>
    </message>
    <message>
        <source>What still works: the CPU references marked ● below check the current value, the lesson presets and every fp32 input. Running on the device is switched off.</source>
        <translation>仍然可用的：下方标 ● 的 CPU 参考实现照常核对当前值、课程预设以及全部 fp32 输入。在设备上运行的功能已关闭。</translation>
    </message>
    <message>
        <source>No CPU reference is available either: only the engine&apos;s own results are shown.</source>
        <translation>也没有可用的 CPU 参考实现：只显示引擎自己的结果。</translation>
    </message>
    <message>
        <source>Technical detail: %1</source>
        <translation>技术细节：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Needs a usable GPU: %1</source>
        <translation>需要可用的 GPU：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;fp32 0x%1: engine %2, %3 %4 — %5</source>
        <translation>&lt;br&gt;fp32 0x%1：引擎 %2，%3 %4 — %5</translation>
    </message>
    <message>
        <source>Switched off: this machine has no usable GPU.</source>
        <translation>已关闭：本机没有可用的 GPU。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Operators&lt;/b&gt;: inner products on this machine&apos;s hardware against their models (the operators lessons&apos; accumulators).</source>
        <translation>&lt;b&gt;算子&lt;/b&gt;：本机硬件上的内积与其模型比较（即算子课程中的累加器）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;VDPBF16PS&lt;/b&gt; (AVX512-BF16) against its model, lane by lane: random bit patterns and values built to cancel, underflow into denormals, overflow and tie.</source>
        <translation>&lt;b&gt;VDPBF16PS&lt;/b&gt;（AVX512-BF16）与其模型逐通道比较：随机位模式，以及专门构造的会相互抵消、下溢成非规格化数、上溢和恰好居中的值。</translation>
    </message>
    <message>
        <source>%1 lanes</source>
        <translation>%1 个通道</translation>
    </message>
    <message>
        <source>Check &amp;VDPBF16PS</source>
        <translation>检查 VDPBF16PS(&amp;V)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tensor cores&lt;/b&gt;: the GPU&apos;s matrix products (cuBLASLt) against its preset, bit for bit; on a GPU no preset models, the probing method&apos;s findings.</source>
        <translation>&lt;b&gt;张量核心&lt;/b&gt;：GPU 的矩阵乘积（cuBLASLt）与其预设逐位比较；对没有预设的 GPU，给出探测法的发现。</translation>
    </message>
    <message>
        <source>Check the &amp;tensor cores</source>
        <translation>检查张量核心(&amp;T)</translation>
    </message>
    <message>
        <source>&lt;b&gt;The probing method on a model&lt;/b&gt;: the experiments a GPU without a preset is given, run on a preset&apos;s model here, to see what they find.</source>
        <translation>&lt;b&gt;在模型上运行探测法&lt;/b&gt;：把给没有预设的 GPU 做的实验，在这里用某个预设的模型来跑，看能发现什么。</translation>
    </message>
    <message>
        <source>Pro&amp;be the model</source>
        <translation>探测该模型(&amp;B)</translation>
    </message>
    <message>
        <source>Comparing %1 lanes…</source>
        <translation>正在比较 %1 个通道…</translation>
    </message>
    <message>
        <source>Running the tensor cores…</source>
        <translation>正在运行张量核心…</translation>
    </message>
    <message>
        <source>Switched off: this CPU has no AVX512-BF16 instructions. The VDPBF16PS model still runs in the operators lessons (avx512bf16).</source>
        <translation>已关闭：这颗 CPU 没有 AVX512-BF16 指令。VDPBF16PS 的模型仍可在算子课程中使用（avx512bf16）。</translation>
    </message>
    <message>
        <source>VDPBF16PS against its model</source>
        <translation>VDPBF16PS 与其模型</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Switched off: this machine has no usable GPU.&lt;/b&gt; What still works: the VDPBF16PS check above, every tensor-core preset as a model in the operators lessons, and the probing method run on a model below.</source>
        <translation>&lt;b&gt;已关闭：本机没有可用的 GPU。&lt;/b&gt;仍然可用的：上面的 VDPBF16PS 检查、算子课程中作为模型的全部张量核心预设，以及下面在模型上运行的探测法。</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>%1, against its presets:</source>
        <translation>%1，与其预设比较：</translation>
    </message>
    <message>
        <source>%1, K = %2</source>
        <translation>%1，K = %2</translation>
    </message>
    <message>
        <source>%1 with %2 inputs: the device failed while probing.</source>
        <translation>%1 使用 %2 输入：探测过程中设备出错。</translation>
    </message>
    <message>
        <source>No preset models %1; the probing method finds, for %2 inputs:</source>
        <translation>没有预设描述 %1；对 %2 输入，探测法发现：</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1: not run yet.</source>
        <translation>%1：尚未运行。</translation>
    </message>
    <message>
        <source>The probe found nothing for %1.</source>
        <translation>探测法在 %1 上没有发现任何结果。</translation>
    </message>
    <message>
        <source>On the %1 model (parameters from %2), the probe finds:</source>
        <translation>在 %1 模型上（参数出自 %2），探测法发现：</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::HistoryDock</name>
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
    <name>floatscope::gui::InnerProductsPanel</name>
    <message>
        <source>&amp;Inputs:</source>
        <translation>输入(&amp;I)：</translation>
    </message>
    <message>
        <source>The format both vectors are stored in; each product of two is exact</source>
        <translation>两个向量的存储格式；两数之积总是精确的</translation>
    </message>
    <message>
        <source>&amp;Distribution:</source>
        <translation>分布(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Accumulators:</source>
        <translation>累加器(&amp;A)：</translation>
    </message>
    <message>
        <source>Comma-separated, as &apos;floatscope dot --accumulator&apos; takes them: a format with its rounding and order (fp32, bf16:toward-zero, fp32:nearest-even:pairwise), fixed:W[:N], a tensor-core preset (h100-fp8), avx512bf16</source>
        <translation>用逗号分隔，写法同 &apos;floatscope dot --accumulator&apos;：格式及其舍入方式与求和顺序（“fp32”、“bf16:toward-zero”、“fp32:nearest-even:pairwise”）、“fixed:W[:N]”、张量核心预设（“h100-fp8”）、“avx512bf16”</translation>
    </message>
    <message>
        <source>A&amp;dd</source>
        <translation>添加(&amp;D)</translation>
    </message>
    <message>
        <source>Add an accumulator to the list</source>
        <translation>向列表中添加一个累加器</translation>
    </message>
    <message>
        <source>&amp;Promote every:</source>
        <translation>提升间隔(&amp;P)：</translation>
    </message>
    <message>
        <source>no promotion</source>
        <translation>不提升</translation>
    </message>
    <message>
        <source> products</source>
        <translation> 个乘积</translation>
    </message>
    <message>
        <source>Each accumulator narrower than fp32 again, its partial sums of this many products added into fp32 (DeepSeek-V3 promotes every 128)</source>
        <translation>把每个比 fp32 窄的累加器再算一遍：每这么多个乘积的部分和加入 fp32（DeepSeek-V3 每 128 个提升一次）</translation>
    </message>
    <message>
        <source>&amp;K up to:</source>
        <translation>K 最大到(&amp;K)：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>Summing up to %1 products through %2 accumulators…</source>
        <translation>正在用 %2 个累加器求至多 %1 个乘积的和…</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::InspectorPage</name>
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
        <source>Bits (the inspector)</source>
        <translation>位（检查器）</translation>
    </message>
    <message>
        <source>Neighbourhood</source>
        <translation>相邻值</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
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
        <source>Click a bit to flip it · Up/Down on a row steps to the neighbouring value · Ctrl+L: value</source>
        <translation>点击某一位即可翻转 · 在某行按上/下键移到相邻值 · Ctrl+L：输入数值</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::LedgerPanel</name>
    <message>
        <source>Model and cluster</source>
        <translation>模型与集群</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>%1 — %2 parameters</source>
        <translation>%1 — %2 个参数</translation>
    </message>
    <message>
        <source>your own count</source>
        <translation>自定义参数量</translation>
    </message>
    <message>
        <source>&amp;Parameters:</source>
        <translation>参数量(&amp;P)：</translation>
    </message>
    <message>
        <source>27781427952, 27,781,427,952, 7e9, 6.7B, 70b, 1.5T, 350M, or a model&apos;s id (llama3-8b)</source>
        <translation>27781427952、27,781,427,952、7e9、6.7B、70b、1.5T、350M，或模型 ID（llama3-8b）</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPU 数：</translation>
    </message>
    <message>
        <source>Data-parallel GPUs that ZeRO shards across</source>
        <translation>ZeRO 在其间分片的数据并行 GPU 数</translation>
    </message>
    <message>
        <source>ZeRO:</source>
        <translation>ZeRO：</translation>
    </message>
    <message>
        <source>0: nothing sharded</source>
        <translation>0：不分片</translation>
    </message>
    <message>
        <source>1: optimizer states and master weights</source>
        <translation>1：优化器状态和主权重</translation>
    </message>
    <message>
        <source>2: also gradients</source>
        <translation>2：再加梯度</translation>
    </message>
    <message>
        <source>3: also weights</source>
        <translation>3：再加权重</translation>
    </message>
    <message>
        <source>Rajbhandari et al. 2020, ZeRO §5: what each stage divides across the GPUs</source>
        <translation>Rajbhandari et al. 2020，ZeRO §5：各阶段在 GPU 间切分哪些内容</translation>
    </message>
    <message>
        <source>Tensor parallel:</source>
        <translation>张量并行：</translation>
    </message>
    <message>
        <source>Splits every component and the activations t ways (Megatron-LM)</source>
        <translation>把每个组成部分和激活值切成 t 份（Megatron-LM）</translation>
    </message>
    <message>
        <source>Units:</source>
        <translation>单位：</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB（10^9 字节）</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes)</source>
        <translation>GiB（2^30 字节）</translation>
    </message>
    <message>
        <source>Activations (Korthikanti et al. 2022) and the GPU</source>
        <translation>激活值（Korthikanti et al. 2022）与 GPU</translation>
    </message>
    <message>
        <source>Count activations per GPU (16-bit, the paper&apos;s standard transformer block)</source>
        <translation>计入每 GPU 的激活值（16 位，论文中的标准 Transformer 块）</translation>
    </message>
    <message>
        <source>Sequence:</source>
        <translation>序列长度：</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>微批次：</translation>
    </message>
    <message>
        <source>Hidden size:</source>
        <translation>隐藏维度：</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>注意力头数：</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <source>Recomputation:</source>
        <translation>重计算：</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>With tensor parallelism, Megatron-LM&apos;s sequence parallelism divides the rest of the activations t ways too</source>
        <translation>在张量并行下，Megatron-LM 的序列并行把其余激活值也切成 t 份</translation>
    </message>
    <message>
        <source>GPU memory:</source>
        <translation>GPU 显存：</translation>
    </message>
    <message>
        <source>e.g. 80 GiB (an H100&apos;s 80 GB are 80 GiB of HBM), 141GB, 192 GB</source>
        <translation>如 80 GiB（H100 标称的 80 GB 实为 80 GiB HBM）、141GB、192 GB</translation>
    </message>
    <message>
        <source>GPU memory: %1</source>
        <translation>GPU 显存：%1</translation>
    </message>
    <message>
        <source>%1: %2 per layer × %3 layers = %4</source>
        <translation>%1：每层 %2 × %3 层 = %4</translation>
    </message>
    <message>
        <source>%1 needs %2 static + %3 activations = &lt;b&gt;%4 per GPU&lt;/b&gt;</source>
        <translation>%1 需要 %2 静态显存 + %3 激活值 = &lt;b&gt;每 GPU %4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 needs &lt;b&gt;%2 per GPU&lt;/b&gt; (static memory only)</source>
        <translation>%1 需要 &lt;b&gt;每 GPU %2&lt;/b&gt;（仅静态显存）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>: it &lt;b&gt;fits&lt;/b&gt; a GPU of %1, with %2 to spare.</source>
        <translation>：&lt;b&gt;放得下&lt;/b&gt; %1 的 GPU，还剩 %2。</translation>
    </message>
    <message>
        <source>: it &lt;b&gt;does not fit&lt;/b&gt; a GPU of %1; %2 too much.</source>
        <translation>：&lt;b&gt;放不下&lt;/b&gt; %1 的 GPU，超出 %2。</translation>
    </message>
    <message>
        <source>Memory ledger</source>
        <translation>显存账本</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>账本</translation>
    </message>
    <message>
        <source>No built-in scheme is named “%1” (floatscope ledger --list-schemes lists them)</source>
        <translation>没有名为“%1”的内置方案（floatscope ledger --list-schemes 可列出全部）</translation>
    </message>
    <message>
        <source>Activations, which --%1 describes, need the sequence length</source>
        <translation>--%1 描述的是激活值，计算激活值需要序列长度</translation>
    </message>
    <message>
        <source>Activations need the hidden size, the heads and the layers (--hidden, --heads, --layers), or a model with a shape</source>
        <translation>激活值需要隐藏维度、注意力头数和层数（--hidden、--heads、--layers），或一个带形状的模型</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::LedgerSchemesEditor</name>
    <message>
        <source>Schemes: bytes per parameter, per component</source>
        <translation>方案：各组成部分的每参数字节数</translation>
    </message>
    <message>
        <source>scheme</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>bytes/param</source>
        <translation>字节/参数</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>每 GPU</translation>
    </message>
    <message>
        <source>+ activations</source>
        <translation>+ 激活值</translation>
    </message>
    <message>
        <source>fits?</source>
        <translation>放得下？</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>创建副本(&amp;D)</translation>
    </message>
    <message>
        <source>A copy of the selected scheme, to edit</source>
        <translation>复制所选方案以便编辑</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Restore the built-in schemes</source>
        <translation>恢复内置方案</translation>
    </message>
    <message>
        <source>Your own: mine=master:fp32,weights:e4m3fn,grads:bf16,opt:bf16x2</source>
        <translation>自定义：mine=master:fp32,weights:e4m3fn,grads:bf16,opt:bf16x2</translation>
    </message>
    <message>
        <source>ID=ROLE:FORMAT[xN],… with roles master, acc, weights, grads, opt, other, and a format name or a number of bytes</source>
        <translation>ID=ROLE:FORMAT[xN],…，ROLE 可为 master、acc、weights、grads、opt、other，FORMAT 为格式名或字节数</translation>
    </message>
    <message>
        <source>&amp;Add scheme</source>
        <translation>添加方案(&amp;A)</translation>
    </message>
    <message>
        <source>component</source>
        <translation>组成部分</translation>
    </message>
    <message>
        <source>role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Add component</source>
        <translation>添加组成部分</translation>
    </message>
    <message>
        <source>Remove component</source>
        <translation>移除组成部分</translation>
    </message>
    <message>
        <source>✓ fits</source>
        <translation>✓ 放得下</translation>
    </message>
    <message>
        <source>✗ too big</source>
        <translation>✗ 放不下</translation>
    </message>
    <message>
        <source>%1
source: %2
note: %3
GEMMs in: %4</source>
        <translation>%1
来源：%2
备注：%3
GEMM 精度：%4</translation>
    </message>
    <message>
        <source>&lt;b&gt;Components of %1&lt;/b&gt;: double-click a cell to edit it; a format name sets the bytes (bf16 → 2, fp32x2 → 8)</source>
        <translation>&lt;b&gt;%1 的组成部分&lt;/b&gt;：双击单元格即可编辑；输入格式名会自动设定字节数（bf16 → 2，fp32x2 → 8）</translation>
    </message>
    <message>
        <source>%1 (sharded)</source>
        <translation>%1（已分片）</translation>
    </message>
    <message>
        <source>Bytes per parameter: a number of at least 0, got &apos;%1&apos;; kept %2</source>
        <translation>每参数字节数应为不小于 0 的数，得到的是“%1”；保留 %2</translation>
    </message>
    <message>
        <source>A scheme named &apos;%1&apos; is already listed</source>
        <translation>名为“%1”的方案已存在</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::LessonJob</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled: the figure still shows the previous result.</source>
        <translation>已取消：图中仍是上一次的结果。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::LessonPanel</name>
    <message>
        <source>This lesson reads no file</source>
        <translation>本课不读取文件</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.csv *.txt);;All files (*)</source>
        <translation>张量 (*.npy *.csv *.txt);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::LogitsEpsilonPanel</name>
    <message>
        <source>&amp;Logits:</source>
        <translation>Logits(&amp;L)：</translation>
    </message>
    <message>
        <source>Up to %1 logits, separated by commas or spaces</source>
        <translation>最多 %1 个 logits，以逗号或空格分隔</translation>
    </message>
    <message>
        <source>&amp;Ratio p(i) / p(j):</source>
        <translation>比值 p(i) / p(j)(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;eps:</source>
        <translation>eps(&amp;E)：</translation>
    </message>
    <message>
        <source>The constant RMSNorm adds under the square root</source>
        <translation>RMSNorm 在平方根内加上的常数</translation>
    </message>
    <message>
        <source>&amp;Formats:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::LossScalingPanel</name>
    <message>
        <source>Gradients from a file</source>
        <translation>从文件加载梯度</translation>
    </message>
    <message>
        <source>&amp;Window format:</source>
        <translation>窗口格式(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Gradients:</source>
        <translation>梯度(&amp;G)：</translation>
    </message>
    <message>
        <source>log-normal (median and spread)</source>
        <translation>对数正态（中位数与离散度）</translation>
    </message>
    <message>
        <source>values, pasted or loaded</source>
        <translation>数值（粘贴或加载）</translation>
    </message>
    <message>
        <source>&amp;Median |g|:</source>
        <translation>|g| 中位数(&amp;M)：</translation>
    </message>
    <message>
        <source>S&amp;pread (decades, 1 σ):</source>
        <translation>离散度（数量级，1 σ）(&amp;P)：</translation>
    </message>
    <message>
        <source>Paste gradients here (separated by spaces, commas or new lines)</source>
        <translation>在此粘贴梯度（以空格、逗号或换行分隔）</translation>
    </message>
    <message>
        <source>&amp;Load .npy or .csv…</source>
        <translation>加载 .npy 或 .csv(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Scale S:</source>
        <translation>缩放因子 S(&amp;S)：</translation>
    </message>
    <message>
        <source>The loss scale as a power of two: the gradients move right by that many binades</source>
        <translation>损失缩放因子取 2 的幂：梯度右移相应个数的二进制量级</translation>
    </message>
    <message>
        <source>Dynamic loss scaling (PyTorch&apos;s GradScaler rule)</source>
        <translation>动态损失缩放（PyTorch GradScaler 的规则）</translation>
    </message>
    <message>
        <source>S&amp;tart from:</source>
        <translation>初始值(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Double after good steps:</source>
        <translation>连续正常多少步后翻倍(&amp;D)：</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>步数：</translation>
    </message>
    <message>
        <source>Gradients a step:</source>
        <translation>每步梯度数：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>Or load a tensor of gradients from a file.</source>
        <translation>或从文件加载梯度张量。</translation>
    </message>
    <message>
        <source>%1 values from %2 (used while the box is empty)</source>
        <translation>%1 个值，来自 %2（输入框为空时使用）</translation>
    </message>
    <message>
        <source>Paste gradients or load a file</source>
        <translation>请粘贴梯度或加载文件</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>step %1, S = %2: overflow (largest |g| %3): the step is skipped, S halves</source>
        <translation>第 %1 步，S = %2：上溢（最大 |g| %3）：跳过该步，S 减半</translation>
    </message>
    <message>
        <source>step %1, S = %2: %3 good steps in a row: S doubles</source>
        <translation>第 %1 步，S = %2：连续 %3 步正常：S 翻倍</translation>
    </message>
    <message>
        <source>the training lab&apos;s model at step k (its real gradients)</source>
        <translation>训练实验室模型第 k 步的梯度（真实梯度）</translation>
    </message>
    <message>
        <source>S&amp;tep k:</source>
        <translation>第 k 步(&amp;T)：</translation>
    </message>
    <message>
        <source>The gradients of the batch the training lab&apos;s fp32 run trains on after k steps; the table adds each scale&apos;s real backward pass in the window&apos;s format</source>
        <translation>训练实验室的 fp32 训练进行 k 步后，下一批次的梯度；表格另加各缩放因子下以窗口格式进行的真实反向传播</translation>
    </message>
    <message>
        <source>The model trains to step k on a worker thread.</source>
        <translation>模型在工作线程上训练到第 k 步。</translation>
    </message>
    <message>
        <source>Training the model to step %1 and probing its gradients on a worker thread…</source>
        <translation>正在工作线程上把模型训练到第 %1 步并探测其梯度…</translation>
    </message>
    <message>
        <source>Cancelled: the figures still show the previous gradients.</source>
        <translation>已取消：图中仍是之前的梯度。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::MainWindow</name>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
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
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
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
    <message>
        <source>Opened %1 (%2)</source>
        <translation>已打开 %1（%2）</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Export &amp;lesson…</source>
        <translation>导出课程(&amp;L)…</translation>
    </message>
    <message>
        <source>Every view of a lesson, its presets a page each, as one PDF or a folder of figures</source>
        <translation>把一门课程的所有视图（每个预设一页）导出为一个 PDF 或一个图片文件夹</translation>
    </message>
    <message>
        <source>%1 · Ctrl+E: export this lesson&apos;s figure · Ctrl+Shift+E: the whole lesson · Ctrl+Alt+C: copy it</source>
        <translation>%1 · Ctrl+E：导出本课的图 · Ctrl+Shift+E：导出整门课 · Ctrl+Alt+C：复制图</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示(&amp;P)</translation>
    </message>
    <message>
        <source>The view on show as a slide, full screen: ← → step through the lesson&apos;s presets, Esc leaves</source>
        <translation>把当前视图作为全屏幻灯片放映：← → 逐个切换本课的预设，Esc 退出</translation>
    </message>
    <message>
        <source>The lecture notes are the texts Floatscope teaches from. Where one of their claims is wrong, or right only under a convention it does not state, the view it concerns says so beside it; here they are together, each figure computed exactly.</source>
        <translation>讲义是 Floatscope 所依据的教学文本。凡讲义中的说法有误，或只在某个未说明的约定下才成立，相关视图都会在旁边注明；这里把它们集中列出，每个数字都经过精确计算。</translation>
    </message>
    <message>
        <source>Notes on the lecture notes</source>
        <translation>关于讲义的说明</translation>
    </message>
    <message>
        <source>&amp;Notes on the lecture notes</source>
        <translation>关于讲义的说明(&amp;N)</translation>
    </message>
    <message>
        <source>Where the lecture notes are wrong, or right only under a convention they do not state</source>
        <translation>讲义中有误、或只在未说明的约定下才成立的地方</translation>
    </message>
    <message>
        <source>Exported the figure to %1</source>
        <translation>已把图导出到 %1</translation>
    </message>
    <message>
        <source>Exported %1 pages to %2</source>
        <translation>已导出 %1 页到 %2</translation>
    </message>
    <message>
        <source>Bookmarked %1 (in the History dock)</source>
        <translation>已收藏 %1（见“历史”面板）</translation>
    </message>
    <message>
        <source>format %1</source>
        <translation>格式 %1</translation>
    </message>
    <message>
        <source>rounding %1</source>
        <translation>舍入方式 %1</translation>
    </message>
    <message>
        <source>overflow %1</source>
        <translation>溢出处理 %1</translation>
    </message>
    <message>
        <source>route %1</source>
        <translation>转换路径 %1</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>数值 %1</translation>
    </message>
    <message>
        <source>language %1</source>
        <translation>语言 %1</translation>
    </message>
    <message>
        <source>tab %1</source>
        <translation>标签页 %1</translation>
    </message>
    <message>
        <source>The settings in %1 could not be read (not a settings file): the defaults are used, and the file is replaced when the window closes</source>
        <translation>无法读取 %1 中的设置（不是设置文件）：现使用默认设置，关闭窗口时将改写该文件</translation>
    </message>
    <message>
        <source>Remembered settings this version cannot use were left out: %1</source>
        <translation>以下记住的设置本版本无法使用，已忽略：%1</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::ModelSourceRow</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::PlaybackBar</name>
    <message>
        <source>|◀ &amp;Reset</source>
        <translation>|◀ 重置(&amp;R)</translation>
    </message>
    <message>
        <source>Back to step 0</source>
        <translation>回到第 0 步</translation>
    </message>
    <message>
        <source>◀ &amp;Back</source>
        <translation>◀ 后退(&amp;B)</translation>
    </message>
    <message>
        <source>One step back</source>
        <translation>后退一步</translation>
    </message>
    <message>
        <source>&amp;Step ▶|</source>
        <translation>单步(&amp;S) ▶|</translation>
    </message>
    <message>
        <source>One add more</source>
        <translation>再加一次</translation>
    </message>
    <message>
        <source>❚❚ &amp;Pause</source>
        <translation>❚❚ 暂停(&amp;P)</translation>
    </message>
    <message>
        <source>▶ &amp;Play</source>
        <translation>▶ 播放(&amp;P)</translation>
    </message>
    <message>
        <source>Sp&amp;eed:</source>
        <translation>速度(&amp;E)：</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <source>The step shown (arrow keys and Page Up/Down move it)</source>
        <translation>当前显示的步（方向键和 Page Up/Down 可移动）</translation>
    </message>
    <message>
        <source>The step shown</source>
        <translation>当前显示的步</translation>
    </message>
    <message>
        <source>of %1</source>
        <translation>/ %1</translation>
    </message>
    <message>
        <source>1 step/s</source>
        <translation>1 步/秒</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::PresentationView</name>
    <message>
        <source>Drawing this page…</source>
        <translation>正在绘制本页……</translation>
    </message>
    <message>
        <source>%1 · %2 of %3 · ← → presets · Esc leaves</source>
        <translation>%1 · 第 %2 页，共 %3 页 · ← → 切换预设 · Esc 退出</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::QuantizePanel</name>
    <message>
        <source>&amp;Example:</source>
        <translation>示例(&amp;E)：</translation>
    </message>
    <message>
        <source>The BF16 lesson&apos;s examples: choose one to load its tensor and recipe</source>
        <translation>BF16 一课中的例子：选择一个即可加载其张量与配方</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>数值(&amp;V)：</translation>
    </message>
    <message>
        <source>typed or pasted</source>
        <translation>输入或粘贴</translation>
    </message>
    <message>
        <source>normal, seeded</source>
        <translation>正态分布，带种子</translation>
    </message>
    <message>
        <source>from a .csv or .npy file</source>
        <translation>来自 .csv 或 .npy 文件</translation>
    </message>
    <message>
        <source>Stored as:</source>
        <translation>存储为：</translation>
    </message>
    <message>
        <source>Typed, CSV and generated values are rounded once into this format first, as torch.tensor stores them in fp32 (.npy files keep their own dtype)</source>
        <translation>输入的、CSV 中的和生成的值先一次舍入到此格式，正如 torch.tensor 将它们存为 fp32（.npy 文件保留自身的 dtype）</translation>
    </message>
    <message>
        <source>Values separated by spaces, commas or tabs; one row per line for a matrix (a single column reads as a vector)</source>
        <translation>以空格、逗号或制表符分隔；矩阵每行一行（单列按向量读取）</translation>
    </message>
    <message>
        <source>Shape:</source>
        <translation>形状：</translation>
    </message>
    <message>
        <source>N for a vector, ROWSxCOLS for a matrix; at most 2^24 values</source>
        <translation>向量写 N，矩阵写 ROWSxCOLS；最多 2^24 个值</translation>
    </message>
    <message>
        <source>Mean:</source>
        <translation>均值：</translation>
    </message>
    <message>
        <source>σ:</source>
        <translation>σ：</translation>
    </message>
    <message>
        <source>Outliers:</source>
        <translation>离群值：</translation>
    </message>
    <message>
        <source>How many values are replaced, at seeded places, by ±magnitude</source>
        <translation>在由种子决定的位置上替换为 ±幅值 的值的个数</translation>
    </message>
    <message>
        <source>Magnitude:</source>
        <translation>幅值：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>A .csv, .txt or .npy file (1-D or 2-D)</source>
        <translation>.csv、.txt 或 .npy 文件（一维或二维）</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Reshape:</source>
        <translation>重塑形状：</translation>
    </message>
    <message>
        <source>optional: N or ROWSxCOLS, e.g. 64x64</source>
        <translation>可选：N 或 ROWSxCOLS，如 64x64</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Element &amp;format:</source>
        <translation>元素格式(&amp;F)：</translation>
    </message>
    <message>
        <source>Any named format or alias, or your own eXmY (e5m4, e3m4fn, e2m2fnuz, …)</source>
        <translation>任意命名格式或别名，或自定义 eXmY（e5m4、e3m4fn、e2m2fnuz…）</translation>
    </message>
    <message>
        <source>&amp;Scheme:</source>
        <translation>缩放方式(&amp;S)：</translation>
    </message>
    <message>
        <source>per tensor: one scale</source>
        <translation>逐张量：一个缩放因子</translation>
    </message>
    <message>
        <source>1×N tiles (DeepSeek-V3 activations)</source>
        <translation>1×N tile（DeepSeek-V3 激活值）</translation>
    </message>
    <message>
        <source>R×C blocks (DeepSeek-V3 weights)</source>
        <translation>R×C 块（DeepSeek-V3 权重）</translation>
    </message>
    <message>
        <source>MX: 32 elements, E8M0 scale</source>
        <translation>MX：32 个元素，E8M0 缩放因子</translation>
    </message>
    <message>
        <source>NVFP4: 16 e2m1, E4M3 scale, fp32 tensor scale</source>
        <translation>NVFP4：16 个 e2m1，E4M3 缩放因子，fp32 张量缩放因子</translation>
    </message>
    <message>
        <source>Scale kept:</source>
        <translation>缩放因子精度：</translation>
    </message>
    <message>
        <source>exact (amax / max)</source>
        <translation>精确（amax / max）</translation>
    </message>
    <message>
        <source>in fp32, as recipes store it</source>
        <translation>fp32，与实际配方的存储一致</translation>
    </message>
    <message>
        <source>MX rule:</source>
        <translation>MX 规则：</translation>
    </message>
    <message>
        <source>Rounding:</source>
        <translation>舍入：</translation>
    </message>
    <message>
        <source>Seed of the stochastic rounding&apos;s draws</source>
        <translation>随机舍入抽样所用的种子</translation>
    </message>
    <message>
        <source>Saturate</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>Clamp values above the element format&apos;s largest value to it, as quantizers do; off shows what a plain cast does (inf or NaN)</source>
        <translation>把超过元素格式最大值的数截到该最大值（量化器都这样做）；关闭则显示普通类型转换的结果（inf 或 NaN）</translation>
    </message>
    <message>
        <source>Edge blocks:</source>
        <translation>边缘块：</translation>
    </message>
    <message>
        <source>cut (as if zero-padded)</source>
        <translation>截断（相当于补零）</translation>
    </message>
    <message>
        <source>refuse</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Shape: %1</source>
        <translation>形状：%1</translation>
    </message>
    <message>
        <source>At most 2^24 generated values (a 4096×4096 matrix)</source>
        <translation>最多生成 2^24 个值（4096×4096 矩阵）</translation>
    </message>
    <message>
        <source>Choose a .csv, .txt or .npy file (Browse…)</source>
        <translation>请选择 .csv、.txt 或 .npy 文件（浏览…）</translation>
    </message>
    <message>
        <source>Element format: %1</source>
        <translation>元素格式：%1</translation>
    </message>
    <message>
        <source> The last result stays below.</source>
        <translation>下方仍保留上次的结果。</translation>
    </message>
    <message>
        <source>Quantizing on a worker thread…</source>
        <translation>正在工作线程上量化…</translation>
    </message>
    <message>
        <source>Not quantized: see the red hint above.</source>
        <translation>未量化：见上方红色提示。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1 in %2 block(s), quantized in %3 ms.</source>
        <translation>%1，共 %2 个块，量化用时 %3 ms。</translation>
    </message>
    <message>
        <source>Load a tensor</source>
        <translation>加载张量</translation>
    </message>
    <message>
        <source>Tensors (*.csv *.txt *.npy);;All files (*)</source>
        <translation>张量 (*.csv *.txt *.npy);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Block scaling</source>
        <translation>块缩放</translation>
    </message>
    <message>
        <source>Block scaling and quantization</source>
        <translation>块缩放与量化</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>块缩放</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::QuantizeResults</name>
    <message>
        <source>Recipes compared</source>
        <translation>配方对比</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>误差：</translation>
    </message>
    <message>
        <source>absolute</source>
        <translation>绝对</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <source> (exact)</source>
        <translation>（精确）</translation>
    </message>
    <message>
        <source>overflows to %1</source>
        <translation>上溢为 %1</translation>
    </message>
    <message>
        <source>comes back as 0: flushed</source>
        <translation>反量化为 0：被清零</translation>
    </message>
    <message>
        <source>comes back exactly</source>
        <translation>精确还原</translation>
    </message>
    <message>
        <source>comes back as %1: %2 %3</source>
        <translation>反量化为 %1：%3 %2</translation>
    </message>
    <message>
        <source>low</source>
        <translation>偏低</translation>
    </message>
    <message>
        <source>high</source>
        <translation>偏高</translation>
    </message>
    <message>
        <source>&lt;b&gt;Element %1&lt;/b&gt; (x = %2, block %3 with amax %4): scale %5%6; x / scale = %7 → %8 %9 = %10; × scale: %2 %11.</source>
        <translation>&lt;b&gt;元素 %1&lt;/b&gt;（x = %2，所在块 %3 的 amax 为 %4）：缩放因子 %5%6；x / 缩放因子 = %7 → %8 %9 = %10；× 缩放因子：%2 %11。</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>largest rel. error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>at x =</source>
        <translation>位于 x =</translation>
    </message>
    <message>
        <source>MSE</source>
        <translation>MSE</translation>
    </message>
    <message>
        <source>SQNR (dB)</source>
        <translation>SQNR (dB)</translation>
    </message>
    <message>
        <source>flushed</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>bits/element (stored)</source>
        <translation>位/元素（实际存储）</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::RangeBarsPanel</name>
    <message>
        <source>Values from a file</source>
        <translation>从文件加载数值</translation>
    </message>
    <message>
        <source>&amp;Formats:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Marks:</source>
        <translation>标记(&amp;M)：</translation>
    </message>
    <message>
        <source>Values to mark on the axis, as “label = value” separated by ; (a label is optional)</source>
        <translation>要在坐标轴上标记的值，写作“标签 = 值”，以 ; 分隔（标签可省略）</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>数值(&amp;V)：</translation>
    </message>
    <message>
        <source>Paste values here (separated by spaces, commas or new lines) to see where they land</source>
        <translation>在此粘贴数值（以空格、逗号或换行分隔），查看它们落在哪里</translation>
    </message>
    <message>
        <source>&amp;Load .npy or .csv…</source>
        <translation>加载 .npy 或 .csv(&amp;L)…</translation>
    </message>
    <message>
        <source>E&amp;xample gradients</source>
        <translation>示例梯度(&amp;X)</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>The histogram shows the values typed above.</source>
        <translation>直方图显示上方输入的数值。</translation>
    </message>
    <message>
        <source>The histogram shows %1 example gradients: log-normal, median 10⁻⁶, 1.5 decades either way (seeded).</source>
        <translation>直方图显示 %1 个示例梯度：对数正态分布，中位数 10⁻⁶，上下各 1.5 个数量级（带种子）。</translation>
    </message>
    <message>
        <source>The histogram shows %1 values from %2.</source>
        <translation>直方图显示来自 %2 的 %1 个值。</translation>
    </message>
    <message>
        <source>No values: the histogram is hidden.</source>
        <translation>没有数值：直方图已隐藏。</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::ReductionsPanel</name>
    <message>
        <source>&amp;Reduction:</source>
        <translation>约简(&amp;R)：</translation>
    </message>
    <message>
        <source>softmax denominator over a vocabulary</source>
        <translation>词表上的 softmax 分母</translation>
    </message>
    <message>
        <source>mean and variance: two passes, E[x²] − E[x]², Welford</source>
        <translation>均值与方差：两遍法、E[x²] − E[x]²、Welford 法</translation>
    </message>
    <message>
        <source>RMSNorm</source>
        <translation>RMSNorm</translation>
    </message>
    <message>
        <source>mixture-of-experts router: softmax and top k</source>
        <translation>混合专家路由器：softmax 与前 k 个</translation>
    </message>
    <message>
        <source>&amp;Logits stored in:</source>
        <translation>logit 存储格式(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Vocabulary:</source>
        <translation>词表大小(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Mean:</source>
        <translation>均值(&amp;M)：</translation>
    </message>
    <message>
        <source>Standard &amp;deviation:</source>
        <translation>标准差(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>值的个数(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Hidden size:</source>
        <translation>隐藏维度(&amp;H)：</translation>
    </message>
    <message>
        <source>R&amp;ows:</source>
        <translation>行数(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;eps:</source>
        <translation>&amp;eps：</translation>
    </message>
    <message>
        <source>&amp;Tokens:</source>
        <translation>token 数(&amp;T)：</translation>
    </message>
    <message>
        <source>E&amp;xperts:</source>
        <translation>专家数(&amp;X)：</translation>
    </message>
    <message>
        <source>To&amp;p k:</source>
        <translation>前 k 个(&amp;P)：</translation>
    </message>
    <message>
        <source>Qwen2&apos;s vocabulary is 151,936 logits; 1 to 4,194,304</source>
        <translation>Qwen2 的词表有 151,936 个 logit；可取 1 到 4,194,304</translation>
    </message>
    <message>
        <source>&amp;Computed in:</source>
        <translation>计算格式(&amp;C)：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>At most the number of experts (%1), got %2</source>
        <translation>不能超过专家数（%1），实际 %2</translation>
    </message>
    <message>
        <source>Computing the %1 in %2 formats…</source>
        <translation>正在用 %2 种格式计算 %1…</translation>
    </message>
    <message>
        <source>Reductions</source>
        <translation>约简</translation>
    </message>
    <message>
        <source>Reduce</source>
        <translation>约简</translation>
    </message>
    <message>
        <source>Hidden size × rows at most %1, got %2</source>
        <translation>隐藏维度 × 行数最多 %1，现在是 %2</translation>
    </message>
    <message>
        <source>Tokens × experts at most %1, got %2</source>
        <translation>token 数 × 专家数最多 %1，现在是 %2</translation>
    </message>
</context>
<context>
    <name>floatscope::gui::TrainingPanel</name>
    <message>
        <source>Prese&amp;t:</source>
        <translation>示例(&amp;T)：</translation>
    </message>
    <message>
        <source>(your own)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <source>Lecture 10, demo 5: fp32, bf16 and fp16 storage, bf16 with a master copy</source>
        <translation>第 10 讲演示 5：fp32、bf16 和 fp16 存储，以及带主副本的 bf16</translation>
    </message>
    <message>
        <source>The small learning rate (3e-4): where bf16 storage falls behind</source>
        <translation>小学习率（3e-4）：bf16 存储落后的地方</translation>
    </message>
    <message>
        <source>fp16 with and without loss scaling (the BF16 lesson)</source>
        <translation>fp16 有无损失缩放（BF16 课）</translation>
    </message>
    <message>
        <source>fp8 with current and delayed scaling (the FP8 blog)</source>
        <translation>fp8 的即时缩放与延迟缩放（FP8 博文）</translation>
    </message>
    <message>
        <source>bf16-pure&apos;s gap to fp32 against the learning rate</source>
        <translation>bf16-pure 相对 fp32 的差距与学习率</translation>
    </message>
    <message>
        <source>Recipes:</source>
        <translation>配方：</translation>
    </message>
    <message>
        <source>and my recipe, “%1”, from the editor below</source>
        <translation>以及下方编辑器中我的配方“%1”</translation>
    </message>
    <message>
        <source>and my recipe from the editor below</source>
        <translation>以及下方编辑器中我的配方</translation>
    </message>
    <message>
        <source>&amp;Steps:</source>
        <translation>步数(&amp;S)：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>种子(&amp;D)：</translation>
    </message>
    <message>
        <source>Initial weights, batches and stochastic rounding</source>
        <translation>初始权重、批次和随机舍入</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>学习率(&amp;L)：</translation>
    </message>
    <message>
        <source>a peak of your own, cosine to a tenth:</source>
        <translation>自定峰值，余弦衰减到十分之一：</translation>
    </message>
    <message>
        <source>The peak learning rate, a number in (0, 1]</source>
        <translation>峰值学习率，(0, 1] 之间的数</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>the recipes side by side</source>
        <translation>各配方并列</translation>
    </message>
    <message>
        <source>each recipe&apos;s gap to fp32 against the peak learning rate</source>
        <translation>各配方相对 fp32 的差距与峰值学习率</translation>
    </message>
    <message>
        <source>&amp;Peaks:</source>
        <translation>峰值(&amp;P)：</translation>
    </message>
    <message>
        <source>Peak learning rates, separated by commas; each run decays to a tenth of its peak</source>
        <translation>峰值学习率，用逗号分隔；每次训练都衰减到其峰值的十分之一</translation>
    </message>
    <message>
        <source>My recipe</source>
        <translation>我的配方</translation>
    </message>
    <message>
        <source>Every role&apos;s format as key=value pairs, one to a line: params, master (fp32 or none), matmul (a format, or fp8), grads, attention, adam-m, adam-v, update (nearest or stochastic), loss-scale (none, dynamic or a number); base=PRESET starts from a preset.</source>
        <translation>每个角色的格式写成“键=值”，一行一个：‘params’、‘master’（‘fp32’ 或 ‘none’）、‘matmul’（一种格式，或 ‘fp8’）、‘grads’、‘attention’、‘adam-m’、‘adam-v’、‘update’（‘nearest’ 或 ‘stochastic’）、‘loss-scale’（‘none’、‘dynamic’ 或一个数）；‘base=预设’ 从一个预设开始。</translation>
    </message>
    <message>
        <source>Start &amp;from:</source>
        <translation>起点(&amp;F)：</translation>
    </message>
    <message>
        <source>L&amp;oad…</source>
        <translation>载入(&amp;O)…</translation>
    </message>
    <message>
        <source>Sa&amp;ve…</source>
        <translation>保存(&amp;V)…</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>Train every chosen recipe from the same weights and batches (Ctrl+Enter)</source>
        <translation>从相同的权重和批次训练每个选中的配方（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the runs; what they did so far stays (Esc)</source>
        <translation>停止训练；已完成的部分保留（Esc）</translation>
    </message>
    <message>
        <source>My recipe is called “%1”, as a preset is: give it another name (name=...)</source>
        <translation>我的配方与某个预设同名（“%1”）：请另取一个名字（name=...）</translation>
    </message>
    <message>
        <source>My recipe has an error: see the red hint in the editor</source>
        <translation>我的配方有错误：见编辑器中的红色提示</translation>
    </message>
    <message>
        <source>Choose at least one recipe</source>
        <translation>请至少选择一个配方</translation>
    </message>
    <message>
        <source>The gap view compares recipes with fp32: choose one besides fp32</source>
        <translation>差距视图把配方与 fp32 比较：请在 fp32 之外再选一个</translation>
    </message>
    <message>
        <source>Not trained yet: press Train (Ctrl+Enter). 300 steps take a few seconds a recipe.</source>
        <translation>尚未训练：按“训练”（Ctrl+Enter）。每个配方 300 步需要几秒钟。</translation>
    </message>
    <message>
        <source>Training %1 runs on a worker thread…</source>
        <translation>正在工作线程上进行 %1 次训练…</translation>
    </message>
    <message>
        <source>Trained: every recipe reached step %1.</source>
        <translation>训练完成：每个配方都到了第 %1 步。</translation>
    </message>
    <message>
        <source>Cancelled: what the runs did until then stays below.</source>
        <translation>已取消：训练到那时为止的结果保留在下方。</translation>
    </message>
    <message>
        <source>The inputs changed since this run: press Train to train them.</source>
        <translation>输入在这次训练之后改变了：按“训练”来训练它们。</translation>
    </message>
    <message>
        <source>Load a recipe</source>
        <translation>载入配方</translation>
    </message>
    <message>
        <source>Recipes (*.recipe *.txt);;All files (*)</source>
        <translation>配方 (*.recipe *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save the recipe</source>
        <translation>保存配方</translation>
    </message>
    <message>
        <source>Training lab</source>
        <translation>训练实验室</translation>
    </message>
    <message>
        <source>a preset…</source>
        <translation>选一个预设…</translation>
    </message>
    <message>
        <source>Training %1 recipes on a worker thread, %2 at a time: %3 of %4 steps…</source>
        <translation>正在工作线程上训练 %1 个配方，每次 %2 个：已完成 %3 / %4 步…</translation>
    </message>
    <message>
        <source>Trained: %1 runs of %2 steps.</source>
        <translation>训练完成：%1 次训练，每次 %2 步。</translation>
    </message>
    <message>
        <source>Products o&amp;n:</source>
        <translation>矩阵乘法运行于(&amp;N)：</translation>
    </message>
    <message>
        <source>the engine (emulated)</source>
        <translation>引擎（模拟）</translation>
    </message>
    <message>
        <source>this GPU&apos;s tensor cores</source>
        <translation>本机 GPU 的张量核心</translation>
    </message>
    <message>
        <source>%1&apos;s tensor cores</source>
        <translation>%1 的张量核心</translation>
    </message>
    <message>
        <source>The engine rounds where the recipe says and multiplies in fp32 on the CPU; the tensor cores take the same rounded inputs and add the products up their own way. Their runs are plotted dashed beside the engine&apos;s.</source>
        <translation>引擎在配方规定的位置舍入，并在 CPU 上以 fp32 做矩阵乘法；张量核心接收同样舍入后的输入，用它自己的方式把乘积累加起来。它们的运行以虚线画在引擎的曲线旁。</translation>
    </message>
    <message>
        <source>each recipe trained twice: on the engine and on the GPU</source>
        <translation>每个配方训练两次：一次在引擎上，一次在 GPU 上</translation>
    </message>
    <message>
        <source>Training %1 recipes on the engine and on the GPU, %2 runs at a time: %3 of %4 steps…</source>
        <translation>正在引擎和 GPU 上训练 %1 个配方，每次 %2 个运行：已完成 %3 / %4 步…</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>&amp;Validation as the gap to fp32 (a hundredth of a bit per character made visible)</source>
        <translation>验证集画成与 fp32 的差距(&amp;V)（让百分之一比特/字符的差距看得见）</translation>
    </message>
    <message>
        <source>%1 at step %2</source>
        <translation>%1 停在第 %2 步</translation>
    </message>
    <message>
        <source>Cancelled: the runs stopped at different steps (%1). Each is compared with fp32 at the last step both were validated at, and its curve ends where it stopped.</source>
        <translation>已取消：各次运行停在不同的步数（%1）。每个配方都在与 fp32 都做过验证的最后一步上与 fp32 比较，它的曲线在停下处结束。</translation>
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
    <message>
        <source>the rows show %1, the last value that parsed</source>
        <translation>各行显示的是 %1，即最后一个能解析的值</translation>
    </message>
</context>
<context>
    <name>floatscope::io::AtomicFile</name>
    <message>
        <source>it is a folder, not a file</source>
        <translation>那是一个文件夹，不是文件</translation>
    </message>
    <message>
        <source>it is a block device or a socket, not a file: nothing was written</source>
        <translation>那是块设备或套接字，不是文件：什么也没有写入</translation>
    </message>
    <message>
        <source>it is a FIFO that nothing is reading from</source>
        <translation>那是一个没有任何进程在读取的 FIFO（命名管道）</translation>
    </message>
</context>
</TS>
