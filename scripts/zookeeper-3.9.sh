#!/usr/bin/env bash
# Unpacks ZooKeeper 3.9 (Debian 13 "trixie"'s libzookeeper-java) beside the system's 3.8, without
# installing it, for the integration tests that run against both: into .tmp/zookeeper-3.9, or
# ZOOKEEPER_39_HOME. The .deb comes from the Debian archive the system's apt sources name
# (DEBIAN_MIRROR overrides it; deb.debian.org where they name none): trixie's InRelease is checked
# with gpgv against Debian's archive keyring, its Packages index against InRelease, the .deb against
# the index. Quick, and fetches nothing, when it is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

suite=trixie
package=libzookeeper-java
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
target="${ZOOKEEPER_39_HOME:-$PWD/.tmp/zookeeper-3.9}"

unpacked() {
  [ -f "$target/usr/share/java/zookeeper.jar" ] && [ -f "$target/usr/share/java/zookeeper-jute.jar" ] && [ -f "$target/VERSION" ]
}
if unpacked; then exit 0; fi

fail() {
  echo "zk-lock-explorer: cannot unpack ZooKeeper 3.9 ($package from Debian $suite) into $target: $1" >&2
  echo "  The integration tests run against ZooKeeper 3.9 as well as 3.8, and fail without it. Fetch" >&2
  echo "  ${package}_3.9.*_all.deb from a Debian mirror (pool/main/z/zookeeper/) yourself, then" >&2
  echo "  dpkg -x it into a folder, touch VERSION there, and set ZOOKEEPER_39_HOME to that folder." >&2
  exit 1
}

# The Debian archives of the system's apt sources (deb822 and one-line), security archives aside.
system_mirrors() {
  {
    cat /etc/apt/sources.list.d/*.sources 2> /dev/null | awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }'
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2> /dev/null | awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /\]$/) { print $i; break } }'
  } | grep -E '/debian/?$' | sed 's#/$##' | awk '!seen[$0]++'
}
mirrors=()
if [ -n "${DEBIAN_MIRROR:-}" ]; then
  mirrors=("${DEBIAN_MIRROR%/}")
else
  while IFS= read -r mirror; do mirrors+=("$mirror"); done < <(system_mirrors)
  [ "${#mirrors[@]}" -gt 0 ] || mirrors=(http://deb.debian.org/debian)
fi

command -v dpkg-deb > /dev/null 2>&1 || fail "dpkg-deb is missing (package dpkg)"
command -v gpgv > /dev/null 2>&1 || fail "gpgv is missing, to check the archive's signature (package gpgv)"
[ -f "$keyring" ] || fail "$keyring is missing, to check the archive's signature (package debian-archive-keyring)"
if command -v curl > /dev/null 2>&1; then
  download() { curl -fsSL --connect-timeout 15 --max-time 300 --retry 2 -o "$2" "$1"; }
elif command -v wget > /dev/null 2>&1; then
  download() { wget -q --timeout=60 --tries=3 -O "$2" "$1"; }
else
  fail "neither curl nor wget is installed"
fi
arch="$(dpkg --print-architecture 2> /dev/null || echo amd64)"
if command -v xz > /dev/null 2>&1; then index=Packages.xz unpack_index=(xz -dc); else index=Packages.gz unpack_index=(gzip -dc); fi

mkdir -p "$(dirname "$target")"
# Two runs at once (npm test and a lone vitest) must not unpack over each other.
if command -v flock > /dev/null 2>&1; then
  exec 9> "$target.lock"
  flock 9
  if unpacked; then exit 0; fi
fi
work="$(mktemp -d "$(dirname "$target")/.zookeeper-3.9.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The SHA-256 the signed Release text gives a file of the suite.
release_sha256() {
  awk -v file="$2" '/^SHA256:/ { in_sha = 1; next } /^[^ ]/ { in_sha = 0 } in_sha && $3 == file { print $1; exit }' "$1"
}
# One field of the package's entry in the Packages index.
field() {
  awk -v package="$package" -v name="$2" 'BEGIN { RS = "" } $0 ~ "(^|\n)Package: " package "\n" { n = split($0, lines, "\n"); for (i = 1; i <= n; i++) if (index(lines[i], name ": ") == 1) { print substr(lines[i], length(name) + 3); exit } }' "$1"
}

reasons=()
for mirror in "${mirrors[@]}"; do
  if ! download "$mirror/dists/$suite/InRelease" "$work/InRelease"; then
    reasons+=("$mirror/dists/$suite/InRelease could not be fetched")
    continue
  fi
  if ! gpgv --keyring "$keyring" --output "$work/Release" "$work/InRelease" 2> "$work/gpgv.log"; then
    reasons+=("$mirror/dists/$suite/InRelease is not signed by Debian's archive keys: $(tail -1 "$work/gpgv.log")")
    continue
  fi
  # The native architecture's index lists the architecture-independent packages too; a mirror's binary-all may be out of step with its InRelease.
  verified=
  for part in "main/binary-$arch/$index" "main/binary-all/$index"; do
    expected="$(release_sha256 "$work/Release" "$part")"
    if [ -z "$expected" ] || ! download "$mirror/dists/$suite/$part" "$work/$index"; then
      reasons+=("$mirror/dists/$suite/$part could not be fetched")
      continue
    fi
    if [ "$(sha256sum "$work/$index" | cut -d' ' -f1)" = "$expected" ]; then verified=$part && break; fi
    reasons+=("$mirror/dists/$suite/$part does not match its signed InRelease")
  done
  [ -n "$verified" ] || continue
  "${unpack_index[@]}" "$work/$index" > "$work/Packages"
  filename="$(field "$work/Packages" Filename)"
  sha256="$(field "$work/Packages" SHA256)"
  version="$(field "$work/Packages" Version)"
  [ -n "$filename" ] && [ -n "$sha256" ] || fail "$suite's index on $mirror has no $package"
  echo "zk-lock-explorer: fetching $package $version (ZooKeeper 3.9) from $mirror/$filename"
  download "$mirror/$filename" "$work/package.deb" || fail "$mirror/$filename could not be fetched"
  [ "$(sha256sum "$work/package.deb" | cut -d' ' -f1)" = "$sha256" ] || fail "$mirror/$filename does not match the SHA-256 of $suite's index"
  dpkg-deb -x "$work/package.deb" "$work/root"
  echo "$package $version $mirror/$filename sha256:$sha256" > "$work/root/VERSION"
  rm -rf "$target"
  mv "$work/root" "$target"
  unpacked || fail "the package holds no usr/share/java/zookeeper.jar and zookeeper-jute.jar"
  echo "zk-lock-explorer: ZooKeeper 3.9 ($package $version) unpacked in $target"
  exit 0
done
joined="$(printf '%s; ' "${reasons[@]}")"
fail "${joined%; }"
