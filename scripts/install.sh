#!/usr/bin/env bash
# Installs the kiln command: builds the `kiln` product in release mode, copies it to PREFIX/bin/kiln, writes
# its manual page (`kiln help --man`) to PREFIX/share/man/man1/kiln.1 and its completion scripts
# (`kiln completions bash|zsh|fish`) where bash-completion, zsh and fish look for them under PREFIX/share.
#
# Usage: scripts/install.sh [--prefix DIR] [--from-build DIR]
#   --prefix DIR       where to install (default /usr/local, which may need sudo; ~/.local needs none)
#   --from-build DIR   install the kiln already built in DIR (e.g. .build/debug) instead of building a release
#                      one; .ci/run uses it with the debug build it already has, since a release build takes
#                      many minutes
# Output: what it installed, then the installed kiln's version. Exit status: 0 installed, 1 failed, 64 usage.
set -euo pipefail

usage() {
    local status=${1:-64}
    if [ "$status" -eq 0 ]; then
        sed -n 's/^# \{0,1\}//; 6,10p' "$0"
    else
        sed -n 's/^# \{0,1\}//; 6,10p' "$0" >&2
    fi
    exit "$status"
}

prefix=/usr/local
from=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --from-build) [ $# -ge 2 ] || usage; from=$2; shift 2 ;;
        --from-build=*) from=${1#--from-build=}; shift ;;
        -h | --help) usage 0 ;;
        *) echo "install.sh: error: unknown argument '$1'" >&2; usage ;;
    esac
done
[ -n "$prefix" ] || { echo "install.sh: error: --prefix needs a folder" >&2; exit 64; }

# Paths given relative to where the script was started, before it moves to the repository's root.
absolute() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
prefix=$(absolute "$prefix")
[ -z "$from" ] || from=$(absolute "$from")
cd "$(dirname "$0")/.."

if [ -z "$from" ]; then
    swift build -c release --product kiln
    from=$(swift build -c release --show-bin-path)
fi
if [ ! -x "$from/kiln" ]; then
    echo "install.sh: error: no kiln executable in $from (build it with 'swift build --product kiln')" >&2
    exit 1
fi

bin=$prefix/bin
man=$prefix/share/man/man1
bash_completions=$prefix/share/bash-completion/completions
zsh_completions=$prefix/share/zsh/site-functions
fish_completions=$prefix/share/fish/vendor_completions.d
mkdir -p "$bin" "$man" "$bash_completions" "$zsh_completions" "$fish_completions"

# Each file is written beside its place and renamed into it, so a failed install never leaves half a file.
publish() {
    local target=$1
    shift
    "$@" >"$target.install-tmp"
    mv -f "$target.install-tmp" "$target"
}
cp "$from/kiln" "$bin/kiln.install-tmp"
chmod 755 "$bin/kiln.install-tmp"
mv -f "$bin/kiln.install-tmp" "$bin/kiln"
publish "$man/kiln.1" "$bin/kiln" help --man
publish "$bash_completions/kiln" "$bin/kiln" completions bash
publish "$zsh_completions/_kiln" "$bin/kiln" completions zsh
publish "$fish_completions/kiln.fish" "$bin/kiln" completions fish

echo "installed $bin/kiln"
echo "installed $man/kiln.1"
echo "installed completions: $bash_completions/kiln, $zsh_completions/_kiln, $fish_completions/kiln.fish"
"$bin/kiln" --version
