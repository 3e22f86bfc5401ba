# bash completion for floatscope: subcommands, their options (read from 'floatscope COMMAND --help';
# after 'export VIEW', the export's and that view's, so the views come from the lesson registry and
# tests/app/LessonRegistryTest.cpp checks every view against it), the declared choices of an option
# (from a usage line: the command's, or its lesson's view's), format names (from 'floatscope formats
# --names') and the values of a few options.
_floatscope()
{
    local cur=${COMP_WORDS[COMP_CWORD]}
    local prev=${COMP_WORDS[COMP_CWORD-1]}
    local exe=${COMP_WORDS[0]}
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "formats show accumulate quantize ledger verify export train dot reduce --help --version" -- "$cur"))
        return 0
    fi
    local command=${COMP_WORDS[1]}
    # A declared choice, spelt "--mode stored|fp32-master|..." on a usage line: the command's own
    # (train --preset, export --theme) or that of its lesson's view in 'export --help' (export VIEW;
    # show: bits; accumulate: accumulation; train: training; the others by their names).
    local view=""
    case $command in
        export) [[ $COMP_CWORD -ge 4 ]] && view=${COMP_WORDS[2]} ;;
        show) view=bits ;;
        accumulate) view=accumulation ;;
        train) view=training ;;
        quantize|ledger|dot|reduce) view=$command ;;
    esac
    if [[ $prev == -* ]]; then
        local usage choices
        usage=$("$exe" "$command" --help 2>/dev/null | sed -n '1,/^$/p')
        [[ -n $view ]] && usage+=$'\n'$("$exe" export --help 2>/dev/null | sed -n "s/^ \{16\}$view //p")
        choices=$(grep -oE -- "$prev [^] |]+\|[^] ]*" <<<"$usage" | head -1 | sed "s/^$prev //" | tr '|' ' ')
        if [[ -n $choices ]]; then
            COMPREPLY=($(compgen -W "$choices" -- "$cur"))
            return 0
        fi
    fi
    if [[ $command == dot ]]; then
        case $prev in
            --inputs) prev=--format ;;
            --against) COMPREPLY=($(compgen -W "x86-avx512bf16 cuda" -- "$cur")); return 0 ;;
            --accumulator)
                # Formats, the tensor-core presets listed in 'dot --help', fixed:W and the CPU's instruction.
                local specs
                specs="$("$exe" formats --names 2>/dev/null) $("$exe" dot --help 2>/dev/null | sed -n 's/^    \([a-z0-9]*-[a-z0-9-]*\) .*/\1/p') fixed: avx512bf16"
                COMPREPLY=($(compgen -W "$specs" -- "$cur"))
                return 0
                ;;
        esac
    fi
    if [[ $command == reduce && $COMP_CWORD -eq 2 ]]; then
        COMPREPLY=($(compgen -W "softmax moments rmsnorm router" -- "$cur"))
        return 0
    fi
    case $prev in
        -f|--formats|--format)
            # A comma-separated list: complete the name after the last comma.
            local names prefix="" last=$cur
            names=$("$exe" formats --names 2>/dev/null)
            if [[ $cur == *,* ]]; then
                prefix=${cur%,*},
                last=${cur##*,}
            fi
            COMPREPLY=($(compgen -P "$prefix" -W "$names" -- "$last"))
            compopt -o nospace 2>/dev/null
            return 0
            ;;
        --rounding)
            COMPREPLY=($(compgen -W "nearest-even nearest-away toward-zero up down odd stochastic" -- "$cur"))
            return 0
            ;;
        --scheme) COMPREPLY=($(compgen -W "tensor tile:128 block:128x128 mx nvfp4" -- "$cur")); return 0 ;;
        --against) COMPREPLY=($(compgen -W "nvidia-host x86-f16c x86-avx512bf16 cuda all" -- "$cur")); return 0 ;;
        --lr) COMPREPLY=($(compgen -W "lecture small" -- "$cur")); return 0 ;;
        --recipe)
            local presets="fp32 bf16-pure fp16-pure bf16-master fp16-amp fp16-noscale bf16-stochastic fp8-current fp8-delayed"
            local prefix="" last=$cur
            if [[ $cur == *,* ]]; then prefix=${cur%,*},; last=${cur##*,}; fi
            COMPREPLY=($(compgen -P "$prefix" -W "$presets" -- "$last"))
            compopt -o nospace 2>/dev/null
            return 0
            ;;
        -o|--output|--input|--recipe-file|--save-recipe) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    esac
    if [[ $command == export && $COMP_CWORD -eq 2 ]]; then
        local views
        views=$("$exe" export --help 2>/dev/null | sed -n 's/^  \([a-z-]*\) .*/\1/p' | sort -u)
        COMPREPLY=($(compgen -W "$views" -- "$cur"))
        return 0
    fi
    if [[ $command == export && ${COMP_WORDS[2]} == deck && $cur != -* ]]; then
        # 'export deck LESSON...': the lessons its help lists.
        local lessons
        lessons=$("$exe" export deck --help 2>/dev/null | sed -n '/^lessons:/,$s/^  \([a-z-]*\) .*/\1/p')
        COMPREPLY=($(compgen -W "$lessons" -- "$cur"))
        return 0
    fi
    if [[ $cur == -* ]]; then
        local help options
        help=$("$exe" "$command" --help 2>/dev/null)
        if [[ $command == export && ${COMP_WORDS[2]} == deck ]]; then
            help=$("$exe" export deck --help 2>/dev/null | sed '/^lessons:/,$d')
        elif [[ $command == export && $COMP_CWORD -ge 3 ]]; then
            # The export's own options, and the chosen view's from its usage line ('  NAME ARGS').
            local view=${COMP_WORDS[2]}
            help=$(sed -n -e '/^options:/,/^$/p' -e "s/^ \{16\}$view //p" <<<"$help")
        fi
        options=$(grep -oE -- '(^|[ ,[(|])--?[a-z][a-z0-9-]*' <<<"$help" | grep -oE -- '--?[a-z][a-z0-9-]*' | sort -u)
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
    fi
    return 0
}
complete -F _floatscope floatscope
