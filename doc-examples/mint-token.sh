#!/usr/bin/env bash
# Mints an HS256 token for the blog example, signed with $BLOG_JWT_SECRET and valid for an hour, the way
# an identity provider would (BlogSecurityTest runs it). Needs bash, openssl and date only.
#
#   ./mint-token.sh SUBJECT ['"roles":["admin"],"tenant_id":"acme"']
set -euo pipefail
: "${BLOG_JWT_SECRET:?set BLOG_JWT_SECRET to the secret the blog was started with}"
[[ $# -ge 1 ]] || { echo "usage: $0 SUBJECT [EXTRA_CLAIMS_JSON]" >&2; exit 2; }

b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

header=$(printf '{"alg":"HS256","typ":"JWT"}' | b64url)
payload=$(printf '{"sub":"%s","exp":%d%s}' "$1" $(($(date +%s) + 3600)) "${2:+,$2}" | b64url)
signature=$(printf '%s.%s' "$header" "$payload" | openssl dgst -sha256 -hmac "$BLOG_JWT_SECRET" -binary | b64url)
printf '%s.%s.%s\n' "$header" "$payload" "$signature"
