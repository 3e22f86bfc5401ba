#!/usr/bin/env bash
# A monkey at the window: random clicks, keys and hostile values (and hostile session files through
# File > Open; every format name in the lessons' fields; lesson jobs started and cancelled) for a
# while under Xvfb, watching for a crash or a hang.
#
# usage: tests/monkey/monkey.sh [FLOATSCOPE] [SECONDS] [SEED]
#   FLOATSCOPE  the executable (default build/app/floatscope)
#   SECONDS     how long to play (default 180)
#   SEED        for $RANDOM, so that a run can be repeated (default: the time)
# Needs Xvfb, xdotool and (for the screenshot of a hang) imagemagick's import; gdb if present.
# Exit status: 0 the window survived, 1 it crashed (or quit on its own), 2 it hung (the UI thread
# wrote no heartbeat for HANG_SECONDS, default 10), 3 the set-up failed. The log, a screenshot and
# the threads' stacks of a failure are left in the work folder named at the end.
set -uo pipefail

app=$(realpath "${1:-build/app/floatscope}")
seconds=${2:-180}
seed=${3:-$(date +%s)}
hang_seconds=${HANG_SECONDS:-10}
RANDOM=$seed

for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null || { echo "monkey: $tool is missing (apt-get install xvfb xdotool)" >&2; exit 3; }
done
[ -x "$app" ] || { echo "monkey: no executable at $app" >&2; exit 3; }

work=$(mktemp -d /tmp/floatscope-monkey.XXXXXX)
log="$work/monkey.log"
heartbeat="$work/heartbeat"
cd "$work" || exit 3

# 1. Hostile session files to open: a device, a FIFO, a JSON array, 250 rows, a huge exponent.
mkdir -p sessions
ln -s /dev/zero sessions/zero.floatscope
mkfifo sessions/fifo.floatscope
echo '[1, 2, 3]' > sessions/array.floatscope
rows=$(printf '"fp16",%.0s' $(seq 200))
echo "{\"kind\": \"floatscope-session\", \"version\": 1, \"value\": \"1e-99999\", \"formats\": [${rows}\"bf16\"],
 \"rounding\": \"toward-zero\", \"overflow\": \"saturate\", \"route\": \"fp32\", \"bookmarks\": [\"nan\"]}" \
    > sessions/rows.floatscope
printf '\x93NUMPY\x01\x00\x76' > sessions/truncated.floatscope
head -c 3000000 /dev/urandom > sessions/noise.floatscope
hostile_sessions=(zero fifo array rows truncated noise)

values=("1e-100000" "-1e100000" "1.5e-100000" "nan(0x123)" "0x1p-1074" "0x1.fffffffffffffp1023" "bf16:0xFFFF"
        "e4m3fn:0b1111_1111" "-inf" "-0" "1e" "0x" "∞" "−3" "bf17:0x1" "e5m3fnuz:0x1" "'\"<>&;|\$(x)"
        "$(printf '9%.0s' $(seq 3000))" "1$(printf '0%.0s' $(seq 400))" "  12  " "65504" "448" "1e-8" "0.1")
# Every format name (and names that are none) for the lessons' format fields, the spin boxes'
# bounds and past them, and a recipe name longer than any figure has room for.
format_values=(fp64 fp32 tf32 fp16 bf16 e4m3fn e4m3 e5m2 e4m3fnuz e5m2fnuz e2m3 e3m2 e2m1 e8m0 fp7 "" "bf16,fp16"
               0 -1 1 65536 1000000000 "1e309" "nan" "name=$(printf 'x%.0s' $(seq 120)) base=bf16-master")
keys=(Tab shift+Tab Return Escape Up Down Left Right Page_Up Page_Down Home End space BackSpace Delete
      ctrl+z ctrl+shift+z ctrl+y ctrl+d ctrl+l F6 ctrl+Tab ctrl+shift+Tab ctrl+e ctrl+shift+c ctrl+shift+j
      ctrl+shift+l ctrl+shift+f ctrl+a ctrl+c ctrl+v ctrl+plus ctrl+minus alt+f alt+v alt+e alt+h Escape Escape)

# Remembered settings this version cannot use: the window drops them with a message at start-up.
mkdir -p config/Floatscope
cat > config/Floatscope/Floatscope.json <<'SETTINGS'
{"inspector/formats": ["fp7", "bf16", "e8m0"], "inspector/value": "1e", "inspector/rounding": "sideways",
 "inspector/overflow": 7, "inspector/route": ["fp128"], "view/language": "fr", "view/tab": "noSuchDock",
 "window/geometry": {"base64": "!!!"}, "export/scale": 1000,
 "lessons/trainingDock": {"steps": -5, "seed": "x", "recipes": ["nope"], "learningRate": "huge", "custom": "yes"},
 "lessons/delayedScalingDock": {"format": "fp7", "steps": 1e12, "spikeFactor": "-"}}
SETTINGS

# 2. A display, and the window on it with its own settings folder.
display=""
for n in $(seq 90 140); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=":$n"; break; fi
done
[ -n "$display" ] || { echo "monkey: no free X display" >&2; exit 3; }
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=$display
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

XDG_CONFIG_HOME="$work/config" HOME="$work" FLOATSCOPE_HEARTBEAT="$heartbeat" QT_QPA_PLATFORM=xcb \
    "$app" >"$work/app.log" 2>&1 &
pid=$!

cleanup() {
    kill "$pid" 2>/dev/null
    kill "$xvfb" 2>/dev/null
    wait "$xvfb" 2>/dev/null
}
trap cleanup EXIT

say() { echo "$(date +%T) $*" >>"$log"; }

# Without a window manager nothing gives the keyboard focus: give it to the newest visible window
# of the app (a dialog when one is open), as a user's click would.
focus() {
    local window
    window=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | tail -n 1)
    [ -n "$window" ] && xdotool windowfocus "$window" 2>/dev/null
}
now_ms() { date +%s%3N; }

stacks() {
    command -v import >/dev/null && import -display "$display" -window root "$work/screen.png" 2>/dev/null
    command -v gdb >/dev/null && timeout 60 gdb -p "$pid" -batch -ex "thread apply all bt" >"$work/stacks.txt" 2>&1
}

# The window is alive when its process is, and responsive when the UI thread's heartbeat is fresh.
check() {
    if ! kill -0 "$pid" 2>/dev/null; then
        wait "$pid"
        local status=$?
        say "CRASH: the window ended with status $status"
        echo "monkey: the window ended with status $status after: $(tail -n 3 "$log" | tr '\n' ' ')" >&2
        echo "monkey: log in $work" >&2
        exit 1
    fi
    [ -f "$heartbeat" ] || return 0
    local beat age
    beat=$(cat "$heartbeat" 2>/dev/null || echo 0)
    age=$(( ($(now_ms) - beat) / 1000 ))
    if [ "$age" -ge "$hang_seconds" ]; then
        say "HANG: no heartbeat for ${age} s"
        stacks
        echo "monkey: the window did not respond for ${age} s after: $(tail -n 3 "$log" | tr '\n' ' ')" >&2
        echo "monkey: log, screenshot and stacks in $work" >&2
        exit 2
    fi
}

# 3. Wait for the first heartbeat (start-up), then play.
for _ in $(seq 300); do [ -f "$heartbeat" ] && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
check
[ -f "$heartbeat" ] || { echo "monkey: the window never started (see $work/app.log)" >&2; exit 3; }
say "seed $seed, $seconds s, display $display, pid $pid"

end=$(( $(date +%s) + seconds ))
actions=0
while [ "$(date +%s)" -lt "$end" ]; do
    case $(( RANDOM % 13 )) in
    0 | 1 | 2)
        x=$(( RANDOM % 1600 )); y=$(( RANDOM % 1000 ))
        say "click $x $y"
        xdotool mousemove "$x" "$y" click $(( RANDOM % 3 == 0 ? 3 : 1 )) ;;
    3)
        x=$(( RANDOM % 1600 )); y=$(( RANDOM % 1000 ))
        say "double-click $x $y"
        xdotool mousemove "$x" "$y" click --repeat 2 1 ;;
    4 | 5)
        key=${keys[RANDOM % ${#keys[@]}]}
        say "key $key"
        focus
        xdotool key "$key" ;;
    6 | 7)
        value=${values[RANDOM % ${#values[@]}]}
        say "type ${value:0:40}"
        focus
        xdotool key ctrl+l ctrl+a
        xdotool type --delay 1 -- "$value"
        xdotool key Return ;;
    8)
        x=$(( RANDOM % 1600 )); y=$(( RANDOM % 1000 ))
        say "wheel $x $y"
        xdotool mousemove "$x" "$y" click --repeat 3 $(( RANDOM % 2 == 0 ? 4 : 5 )) ;;
    9)
        session=${hostile_sessions[RANDOM % ${#hostile_sessions[@]}]}
        say "open session $session"
        focus
        xdotool key Escape Escape
        focus
        xdotool key ctrl+o
        sleep 0.5
        focus
        xdotool type --delay 1 -- "$work/sessions/$session.floatscope"
        xdotool key Return
        sleep 1
        focus
        xdotool key Escape ;;
    10)
        # Another tab, Ctrl+Tab a few times (the training lab, inner products, dot steps,
        # reductions, delayed scaling and the rest in turn).
        hops=$(( 1 + RANDOM % 15 ))
        say "tab +$hops"
        focus
        xdotool key Escape
        for _ in $(seq "$hops"); do xdotool key ctrl+Tab; done ;;
    11)
        # A hostile value in whatever field the Tab key reaches.
        hops=$(( 1 + RANDOM % 14 ))
        value=${format_values[RANDOM % ${#format_values[@]}]}
        say "field $hops: ${value:0:40}"
        focus
        for _ in $(seq "$hops"); do xdotool key Tab; done
        xdotool key ctrl+a
        xdotool type --delay 1 -- "$value"
        xdotool key Return ;;
    12)
        # Start the tab's job (the training lab: Ctrl+Return) and cancel it mid-run.
        wait_ms=$(( 200 + RANDOM % 1500 ))
        say "run and cancel after $wait_ms ms"
        focus
        xdotool key ctrl+Return
        sleep "$(printf '%d.%03d' $(( wait_ms / 1000 )) $(( wait_ms % 1000 )))"
        xdotool key Escape ;;
    esac
    actions=$(( actions + 1 ))
    sleep 0.05
    check
done

# 4. Quit as a user does (twice: the first Escapes may only close a dialog); a window that does not
#    quit within a minute hangs.
quit_window() {
    focus
    xdotool key Escape Escape Escape
    focus
    xdotool key ctrl+q
    for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
    return 1
}
say "quit after $actions actions"
if ! quit_window && ! quit_window; then
    say "HANG: the window did not quit"
    stacks
    echo "monkey: the window did not quit; log, screenshot and stacks in $work" >&2
    exit 2
fi
wait "$pid"
status=$?
if [ "$status" -ne 0 ]; then
    say "CRASH: the window quit with status $status"
    echo "monkey: the window quit with status $status; log in $work" >&2
    exit 1
fi
echo "monkey: the window survived $actions actions in $seconds s (seed $seed); log in $work"
exit 0
