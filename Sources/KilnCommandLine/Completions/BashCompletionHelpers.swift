/// The shell functions every subcommand's function in the bash script uses (bash 3.2 and later: no `mapfile`,
/// no namerefs). None of them runs `eval` or hands a word to anything that expands it.
enum BashCompletionHelpers {
    /// The functions' source.
    static let text = #"""
        # Sets _kiln_unquoted to $1 as bash would pass it, its quotes and backslashes removed, with nothing in it
        # expanded or run ($, ` and globs stay as typed); with $2 = tilde, a leading ~ or ~/ becomes $HOME.
        _kiln_unquote() {
            local word="$1" quote="" char i
            _kiln_unquoted=""
            if [[ "$2" == tilde && ("$word" == "~" || "$word" == "~/"*) ]]; then
                _kiln_unquoted="$HOME"
                word="${word:1}"
            fi
            for ((i = 0; i < ${#word}; i++)); do
                char="${word:i:1}"
                if [[ "$quote" == "'" ]]; then
                    if [[ "$char" == "'" ]]; then quote=""; else _kiln_unquoted+="$char"; fi
                elif [[ "$char" == "\\" ]]; then
                    i=$((i + 1))
                    char="${word:i:1}"
                    if [[ "$quote" == '"' && "$char" != [\$\`\"\\] ]]; then _kiln_unquoted+="\\"; fi
                    _kiln_unquoted+="$char"
                elif [[ "$char" == '"' ]]; then
                    if [[ -n "$quote" ]]; then quote=""; else quote='"'; fi
                elif [[ "$char" == "'" && -z "$quote" ]]; then
                    quote="'"
                else
                    _kiln_unquoted+="$char"
                fi
            done
        }

        # The project's database names, asked of the kiln being completed, with any --root already typed
        # (unquoted, ~ made $HOME, handed over as one word).
        _kiln_databases() {
            local i root=()
            for ((i = 2; i < COMP_CWORD; i++)); do
                if [[ "${COMP_WORDS[i]}" == --root ]]; then
                    if [[ "${COMP_WORDS[i + 1]}" == "=" ]]; then i=$((i + 1)); fi
                    _kiln_unquote "${COMP_WORDS[i + 1]}" tilde
                    root=("--root=$_kiln_unquoted")
                fi
            done
            _kiln_unquote "${COMP_WORDS[0]}" tilde
            "$_kiln_unquoted" completions bash --list-databases "${root[@]}" 2>/dev/null
        }

        # Fills COMPREPLY with what starts with the word being completed, compared as plain text: a file, a
        # folder, a database name or one of the words after $1.
        _kiln_reply() {
            local kind="$1" candidate typed
            shift
            _kiln_unquote "$cur"
            typed="$_kiln_unquoted"
            case "$kind" in
                file | folder)
                    local type=-f
                    if [[ "$kind" == folder ]]; then type=-d; fi
                    while IFS= read -r candidate; do
                        COMPREPLY+=("$candidate")
                    done < <(compgen "$type" -- "$typed")
                    compopt -o filenames 2>/dev/null
                    ;;
                database)
                    while IFS= read -r candidate; do
                        if [[ "$candidate" == "$typed"* ]]; then COMPREPLY+=("$candidate"); fi
                    done < <(_kiln_databases)
                    ;;
                words)
                    for candidate in "$@"; do
                        if [[ "$candidate" == "$typed"* ]]; then COMPREPLY+=("$candidate"); fi
                    done
                    ;;
            esac
        }

        # How many positional arguments come before the word being completed; $1 lists the options that take
        # a value, whose value is no positional argument.
        _kiln_position() {
            local i count=0 word
            for ((i = 2; i < COMP_CWORD; i++)); do
                word="${COMP_WORDS[i]}"
                if [[ "$word" == -* ]]; then
                    if [[ " $1 " == *" $word "* ]]; then
                        if [[ "${COMP_WORDS[i + 1]}" == "=" ]]; then i=$((i + 2)); else i=$((i + 1)); fi
                    fi
                elif [[ "$word" != "=" ]]; then
                    count=$((count + 1))
                fi
            done
            echo "$count"
        }


        """#
}
