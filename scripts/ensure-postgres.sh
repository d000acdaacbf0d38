#!/usr/bin/env bash
# The Postgres tests start a throwaway server of their own with Debian's initdb
# and pg_ctl (tests/support/postgres.ts looks on PATH, then in
# /usr/lib/postgresql/<version>/bin). Install Debian's postgresql package when
# they are missing and we are allowed to (root with apt), without letting the
# package start a server of its own.
set -euo pipefail

# Both programs in one folder, as tests/support/postgres.ts wants them.
binaries_found() {
  local folders folder
  IFS=: read -ra folders <<<"${PATH:-}"
  for folder in "${folders[@]}" /usr/lib/postgresql/*/bin; do
    if [ -n "$folder" ] && [ -x "$folder/initdb" ] && [ -x "$folder/pg_ctl" ]; then return 0; fi
  done
  return 1
}

# initdb and the server refuse to run as root: as root the tests run them as
# the postgres user (the package creates it) through runuser (util-linux).
root_can_run_them() {
  [ "$(id -u)" != "0" ] && return 0
  if ! id postgres >/dev/null 2>&1; then
    echo "PostgreSQL is installed but there is no postgres user: as root the tests run initdb and pg_ctl as that user. Create it (useradd --system --user-group postgres) or run the tests as another user." >&2
    return 1
  fi
  if ! command -v runuser >/dev/null; then
    echo "runuser (util-linux) is missing: as root the tests need it to run PostgreSQL as the postgres user." >&2
    return 1
  fi
}

if binaries_found; then
  root_can_run_them
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing PostgreSQL from Debian's packages…"
  # The package's post-install creates a cluster on port 5432 and starts it
  # through invoke-rc.d (deb-systemd-invoke under systemd). The tests never use
  # it, and where no init system runs (a container) that start can fail, and
  # with it the install. A policy-rc.d answering 101 ("action not allowed")
  # makes both skip the start; the cluster is only created, stopped. One that
  # is already there (Docker's Debian images ship one) is left alone.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# Written by scripts/ensure-postgres.sh for the install only.\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
    trap 'exit 130' INT TERM
  fi
  # Without recommends: sysstat and logrotate serve a long-lived server, not the tests.
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  if ! binaries_found; then
    echo "Installed Debian's postgresql package, yet initdb and pg_ctl are not in /usr/lib/postgresql/<version>/bin." >&2
    exit 1
  fi
  root_can_run_them
  exit 0
fi

echo "PostgreSQL not found (initdb and pg_ctl, on PATH or in /usr/lib/postgresql/<version>/bin). Install it (sudo apt-get install postgresql) or put its bin folder on PATH; without it the Postgres tests are skipped." >&2
exit 1
