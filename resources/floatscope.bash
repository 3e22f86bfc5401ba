# bash completion for floatscope: subcommands, options, and format names (from 'floatscope formats --names').
_floatscope()
{
    local cur=${COMP_WORDS[COMP_CWORD]}
    local prev=${COMP_WORDS[COMP_CWORD-1]}
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "formats show --help --version" -- "$cur"))
        return
    fi
    case $prev in
        -f|--formats)
            # A comma-separated list: complete the name after the last comma.
            local names prefix="" last=$cur
            names=$("${COMP_WORDS[0]}" formats --names 2>/dev/null)
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
            return
            ;;
        --via)
            COMPREPLY=($(compgen -W "direct fp32 fp64" -- "$cur"))
            return
            ;;
    esac
    case ${COMP_WORDS[1]} in
        show)
            COMPREPLY=($(compgen -W "-f --formats --rounding --saturate --no-saturate --via --seed --random-bits
                                     --json --no-color --help" -- "$cur"))
            ;;
        formats)
            COMPREPLY=($(compgen -W "--json --names --help" -- "$cur"))
            ;;
    esac
}
complete -F _floatscope floatscope
