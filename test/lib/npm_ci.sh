# npm_ci.sh: `npm_ci_pinned DIR` installs exactly the packages of DIR's package-lock.json (npm ci,
# no install scripts); 0 when installed, else 1 with npm_ci_error saying why. The registry is
# pinged first, without retries: npm would retry an unreachable one for minutes. Behind a TLS
# proxy whose authority this system does not trust (as on a new minimal machine behind one),
# strict-ssl is turned off: what is installed is still checked, since npm ci takes only the
# lockfile's packages and refuses any whose sha512 differs from the one committed there.
npm_ci_pinned() {
  local dir=$1 out rc
  export npm_config_update_notifier=false
  npm_ci_error=""
  out=$(cd "$dir" && timeout 60 npm ping --fetch-retries=0 2>&1)
  rc=$?
  if [ $rc != 0 ] && grep -Eq 'SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE)|CERT_UNTRUSTED' <<<"$out"; then
    tap_note "the npm registry's certificate is not trusted here ($(grep -m1 -oE 'SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_[A-Z_]+|CERT_UNTRUSTED' <<<"$out")): installing with strict-ssl off, every package checked against the lockfile's sha512"
    export npm_config_strict_ssl=false
    out=$(cd "$dir" && timeout 60 npm ping --fetch-retries=0 2>&1)
    rc=$?
  fi
  if [ $rc != 0 ]; then
    npm_ci_error="npm ping: the npm registry cannot be reached: $(grep -m1 -E 'npm error (request|code)' <<<"$out" | cut -c1-200)"
    return 1
  fi
  out=$(cd "$dir" && timeout 300 npm ci --no-audit --no-fund --ignore-scripts 2>&1)
  rc=$?
  [ $rc = 0 ] && return 0
  npm_ci_error="npm ci from the npm registry failed (exit code $rc): $(grep -m1 'npm error' <<<"$out" | cut -c1-200)"
  return 1
}
