# bash completion for otpgrep
_otpgrep() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  case $prev in
    --input) COMPREPLY=($(compgen -W 'lines nul jsonl xml android apple csv' -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W 'jsonl json code tsv' -- "$cur")); return ;;
    --charset) COMPREPLY=($(compgen -W 'digits alnum' -- "$cur")); return ;;
    --text-field|-m|--message|--length|--min-confidence|--mask|-j|--jobs|--since|--until|\
      --sender|--max-message-bytes) return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W '--input -z --null-data --text-field --since --until --sender -f
      --follow --max-message-bytes -m --message --format -o
      --only-found -q --quiet --explain --length --charset --min-confidence --mask -j --jobs
      --line-buffered --no-progress -h --help -V --version' -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _otpgrep otpgrep
