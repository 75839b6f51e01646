/**
 * The guardian of an embedded server, run as `sh -c GUARDIAN_SCRIPT name <ownerPid> <pg_ctl>
 * <dataDir> <ownerFile>`. It polls the owner once a second (through /proc where there is one,
 * so that a zombie counts as gone and a root-owned owner can be watched by the postgres user)
 * and stops the server when the owner is gone, or at once on SIGTERM. It removes the owner file
 * only if the file still names its owner: a new owner may have claimed the folder meanwhile.
 */
export const GUARDIAN_SCRIPT = `
owner="$1"; pg_ctl="$2"; data="$3"; file="$4"
alive() {
  if [ -d /proc/self ]; then
    stat=$(cat "/proc/$owner/stat" 2>/dev/null) || return 1
    rest="\${stat##*) }"
    [ "\${rest%% *}" != Z ]
  else
    kill -0 "$owner" 2>/dev/null
  fi
}
stop() {
  "$pg_ctl" -D "$data" stop -m fast -w -t 60 >/dev/null 2>&1
  case "$(cat "$file" 2>/dev/null)" in
    *"\\"pid\\":$owner,"*) rm -f "$file" ;;
  esac
  exit 0
}
trap stop TERM INT HUP
while alive; do
  sleep 1 &
  wait $!
done
stop
`;
