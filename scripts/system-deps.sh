#!/usr/bin/env bash
# Installs what zk-lock-explorer needs from the system when it is missing:
#   runtime  Java and ZooKeeper, for the embedded ZooKeeper (npm start without ZK_CONNECT)
#   test     the above, plus Debian's Chromium for the Playwright tests, the real lock
#            clients the tests compare the explorer with (Curator, Kazoo, ZooKeeper's WriteLock
#            recipe, and a JDK to compile the Java contenders), Prometheus with promtool, and
#            MIT Kerberos (a KDC, kinit, and the headers the npm kerberos package builds against);
#            and ZooKeeper 3.9 unpacked beside the system's 3.8 by scripts/zookeeper-3.9.sh
# It uses apt-get when it can (root, or sudo without a password); otherwise it prints exactly
# what to install and exits 1. When everything is present it does nothing and is quick.
set -euo pipefail

mode="${1:-runtime}"
case "$mode" in
  runtime | test) ;;
  *)
    echo "usage: $0 [runtime|test]" >&2
    exit 2
    ;;
esac

missing=()

# The tests run against ZooKeeper 3.9 too, unpacked, not installed. Where it cannot be fetched, this says why, and the tests
# against 3.9 then fail saying what to run, while every other test still runs.
beside_39() {
  if [ "$mode" = test ]; then
    bash "$(dirname "$0")/zookeeper-3.9.sh" || echo "zk-lock-explorer: the tests against ZooKeeper 3.9 will fail (see above)" >&2
  fi
}

have_java() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then return 0; fi
  command -v java > /dev/null 2>&1
}
have_zookeeper() {
  if [ -n "${ZOOKEEPER_HOME:-}" ] && [ -d "$ZOOKEEPER_HOME/lib" ]; then return 0; fi
  [ -f /usr/share/java/zookeeper.jar ] || command -v zkServer.sh > /dev/null 2>&1
}
have_chromium() {
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]
}
have_kazoo() {
  [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import kazoo' > /dev/null 2>&1
}

have_java || missing+=(default-jre-headless)
have_zookeeper || missing+=(zookeeper)
if [ "$mode" = test ]; then
  have_chromium || missing+=(chromium)
  # The Chinese pages' characters (the layout checks measure them, the README's pictures show them): without a CJK font Chromium draws boxes.
  [ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || missing+=(fonts-wqy-microhei)
  command -v javac > /dev/null 2>&1 || missing+=(default-jdk-headless)
  [ -f /usr/share/java/curator-recipes.jar ] || missing+=(libcurator-recipes-java)
  [ -f /usr/share/java/zookeeper-recipes-lock.jar ] || missing+=(libzookeeper-java)
  have_kazoo || missing+=(python3-kazoo)
  # Kazoo's SASL (the tests of a ZooKeeper that requires it) needs pure-sasl; the TLS tests make keys with openssl.
  [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import puresasl' > /dev/null 2>&1 || missing+=(python3-pure-sasl)
  command -v openssl > /dev/null 2>&1 || missing+=(openssl)
  # A real Prometheus scrapes the explorer and runs the Grafana dashboard's queries; promtool checks and tests the alert rules.
  { command -v prometheus > /dev/null 2>&1 && command -v promtool > /dev/null 2>&1; } || missing+=(prometheus)
  # A real MIT KDC for the Kerberos tests (a throwaway realm: kdb5_util, kadmin.local, krb5kdc), kinit for a ticket
  # cache, and the headers the npm kerberos package (ZK_SASL=gssapi) is built against.
  [ -x /usr/sbin/krb5kdc ] && [ -x /usr/sbin/kdb5_util ] || missing+=(krb5-kdc)
  [ -x /usr/sbin/kadmin.local ] || missing+=(krb5-admin-server)
  command -v kinit > /dev/null 2>&1 || missing+=(krb5-user)
  [ -f /usr/include/gssapi/gssapi_krb5.h ] || missing+=(libkrb5-dev)
  # A KDC whose clock has drifted (the clock skew a login must name) runs under libfaketime.
  command -v faketime > /dev/null 2>&1 || missing+=(faketime)
  # ZooKeeper 3.9's .deb is checked against the Debian archive's signature (scripts/zookeeper-3.9.sh).
  command -v gpgv > /dev/null 2>&1 || missing+=(gpgv)
  [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] || missing+=(debian-archive-keyring)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  beside_39
  exit 0
fi

echo "zk-lock-explorer: missing system packages: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo > /dev/null 2>&1 && sudo -n true 2> /dev/null; then
    sudo_cmd=(sudo -n)
  else
    sudo_cmd=(none)
  fi
fi

if ! command -v apt-get > /dev/null 2>&1 || [ "${sudo_cmd[*]:-}" = none ]; then
  echo "zk-lock-explorer: cannot install them here. Please install them yourself, for example on Debian or Ubuntu:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  echo "Alternatives: set ZOOKEEPER_HOME to a ZooKeeper 3.8 install, JAVA_HOME to a JRE 11+," >&2
  echo "CHROMIUM_PATH to a Chromium binary, or ZK_CONNECT to use an existing ensemble." >&2
  exit 1
fi

echo "zk-lock-explorer: installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get update -q
${sudo_cmd[@]+"${sudo_cmd[@]}"} apt-get install -y -q "${missing[@]}"
echo "zk-lock-explorer: system packages installed"
beside_39
