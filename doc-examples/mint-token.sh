#!/usr/bin/env bash
# Mints an HS256 token for the blog example, signed with $BLOG_JWT_SECRET and valid for an hour, the way
# an identity provider would (BlogSecurityTest runs it). Needs bash, openssl and date only. It carries a
# random jti and a whole-second iat, so it also works with revocation on (BLOG_REVOCATION): logout can
# revoke it, and logout-all cuts it off.
#
#   ./mint-token.sh SUBJECT ['"roles":["admin"],"tenant_id":"acme"']
set -euo pipefail
: "${BLOG_JWT_SECRET:?set BLOG_JWT_SECRET to the secret the blog was started with}"
[[ $# -ge 1 ]] || { echo "usage: $0 SUBJECT [EXTRA_CLAIMS_JSON]" >&2; exit 2; }

b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

now=$(date +%s)
jti=$(openssl rand -hex 16)
header=$(printf '{"alg":"HS256","typ":"JWT"}' | b64url)
payload=$(printf '{"sub":"%s","jti":"%s","iat":%d,"exp":%d%s}' "$1" "$jti" "$now" $((now + 3600)) "${2:+,$2}" | b64url)
signature=$(printf '%s.%s' "$header" "$payload" | openssl dgst -sha256 -hmac "$BLOG_JWT_SECRET" -binary | b64url)
printf '%s.%s.%s\n' "$header" "$payload" "$signature"
