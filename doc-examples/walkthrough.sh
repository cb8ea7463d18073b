#!/usr/bin/env bash
# The README's curl walk-through of the blog example (BlogWalkthroughTest makes the same requests).
#
# Start the example on an empty database, then run this script from another terminal:
#   cd doc-examples && rm -rf data && mvn -B -q exec:java
#   ./walkthrough.sh                 # or: PORT=18080 ./walkthrough.sh
#
# Needs bash, curl, sed and grep only (-g keeps curl from globbing the brackets of filter[N]).
# Every step prints the request and the reply, and the script
# stops at the first unexpected status or body.
set -euo pipefail

API="http://localhost:${PORT:-8080}/api"
JSON='Content-Type: application/json'
HEADERS=$(mktemp)
trap 'rm -f "$HEADERS"' EXIT
STATUS=''
BODY=''
LOCATION=''

# call EXPECTED_STATUS CURL_ARGUMENTS... : runs curl, prints request and reply, checks the status.
call() {
  local expected=$1
  shift
  printf '\n$ curl'
  for arg in "$@"; do
    if [[ $arg =~ [[:space:]\"{}\&\[\;?] ]]; then printf " '%s'" "$arg"; else printf ' %s' "$arg"; fi
  done
  printf '\n'
  BODY=$(curl -sS --max-time 10 -D "$HEADERS" "$@")
  STATUS=$(sed -n '1s/^HTTP\/[0-9.]* \([0-9]*\).*/\1/p' "$HEADERS")
  LOCATION=$(sed -n 's/^[Ll]ocation: *\([^[:space:]]*\).*/\1/p' "$HEADERS")
  printf '%s%s\n%s\n' "$STATUS" "${LOCATION:+ Location: $LOCATION}" "$BODY"
  if [[ $STATUS != "$expected" ]]; then
    fail "expected status $expected, got $STATUS"
  fi
}

fail() {
  printf '\nFAILED: %s\n' "$1" >&2
  exit 1
}

# expect TEXT : the last reply body contains TEXT literally.
expect() {
  [[ $BODY == *"$1"* ]] || fail "reply does not contain $1"
}

# refuse TEXT : the last reply body does not contain TEXT.
refuse() {
  [[ $BODY != *"$1"* ]] || fail "reply unexpectedly contains $1"
}

# expect_slugs a,b,c : the slugs of the listed posts, in order.
expect_slugs() {
  local slugs
  slugs=$(printf '%s' "$BODY" | { grep -o '"slug":"[^"]*"' || true; } | cut -d'"' -f4 | paste -sd, -)
  [[ $slugs == "$1" ]] || fail "expected posts [$1], got [$slugs]"
}

# record_id : the id of the record in the last reply, {"data":{"id":"..."}}.
record_id() {
  printf '%s' "$BODY" | sed -n 's/^{"data":{"id":"\([^"]*\)".*/\1/p'
}

echo '## 0. The database starts empty'
call 200 "$API/posts"
[[ $BODY == *'"total":0'* ]] || fail "run against an empty database: stop the app, rm -rf data, start it again"

echo; echo '## 1. Create an author'
call 201 -X POST "$API/authors" -H "$JSON" \
  -d '{"name":"Ada Lovelace","email":"ada@example.com","bio":"Wrote the first program"}'
AUTHOR_ID=$(record_id)
expect '"role":"writer"'
[[ $LOCATION == "/api/authors/$AUTHOR_ID" ]] || fail "Location $LOCATION"

echo; echo '## 2. Create posts (writeonly secret and hidden internal_note never come back)'
call 201 -X POST "$API/posts" -H "$JSON" \
  -d '{"title":"Hello, fx","body":"Models in, REST out.","status":"published","views":120,"rating":4.5,
       "slug":"hello-fx","published_at":"2026-01-15T10:00:00Z","labels":["intro","java"],
       "attributes":{"lang":"en"},"secret":"s3cret","internal_note":"ignored","author_id":"'"$AUTHOR_ID"'"}'
HELLO_ID=$(record_id)
[[ $LOCATION == "/api/posts/$HELLO_ID" ]] || fail "Location $LOCATION"
refuse '"secret"'
refuse '"internal_note"'
call 201 -X POST "$API/posts" -H "$JSON" \
  -d '{"title":"Filtering in depth","body":"filter, sort, page.","status":"published","views":300,
       "rating":4.8,"slug":"filtering","labels":["java","query"],"attributes":{"lang":"de"},
       "author_id":"'"$AUTHOR_ID"'"}'
FILTERING_ID=$(record_id)
call 201 -X POST "$API/posts" -H "$JSON" \
  -d '{"title":"Draft notes","body":"Work in progress.","slug":"draft-notes","labels":["notes"],
       "author_id":"'"$AUTHOR_ID"'"}'
DRAFT_ID=$(record_id)
expect '"status":"draft"'
expect '"views":0'

echo; echo '## 3. Read one post'
call 200 "$API/posts/$HELLO_ID"
expect '"title":"Hello, fx"'

echo; echo '## 4. Comment on a post'
call 201 -X POST "$API/comments" -H "$JSON" \
  -d '{"post_id":"'"$FILTERING_ID"'","body":"Great read!","author_name":"Grace","score":3}'
expect '"author_name":"Grace"'

echo; echo '## 5. Filter, sort, OR group'
call 200 "$API/posts?filter=status:eq:published"
expect_slugs 'hello-fx,filtering'
expect '"meta":{"total":2,"page":1,"limit":20,"pages":1}'
call 200 "$API/posts?sort=views:desc"
expect_slugs 'filtering,hello-fx,draft-notes'
call 200 -g "$API/posts?filter[0]=status:eq:draft&filter[0]=views:gte:200"
expect_slugs 'filtering,draft-notes'

echo; echo '## 6. Element and key=value membership on JSON columns'
call 200 "$API/posts?filter=labels:has:java"
expect_slugs 'hello-fx,filtering'
call 200 "$API/posts?filter=attributes:has:lang%3Den"
expect_slugs 'hello-fx'

echo; echo '## 7. Pages'
call 200 "$API/posts?sort=views:desc&page=2&limit=2"
expect_slugs 'draft-notes'
expect '"meta":{"total":3,"page":2,"limit":2,"pages":2}'

echo; echo '## 8. Update (slug is immutable and stays as it was)'
call 200 -X PATCH "$API/posts/$DRAFT_ID" -H "$JSON" -d '{"status":"published","views":5,"slug":"renamed"}'
expect '"status":"published"'
expect '"views":5'
expect '"slug":"draft-notes"'

echo; echo '## 9. Soft delete: gone from reads and lists, visible with deleted_at:not_null'
call 204 -X DELETE "$API/posts/$HELLO_ID"
call 404 "$API/posts/$HELLO_ID"
expect '{"error":{"code":"NOT_FOUND","message":"Post not found"}}'
call 200 "$API/posts"
expect_slugs 'filtering,draft-notes'
call 200 "$API/posts?filter=deleted_at:not_null"
expect_slugs 'hello-fx'
refuse '"deleted_at":null'

echo; echo '## 10. Validation error: every violation at once'
call 422 -X POST "$API/posts" -H "$JSON" -d '{"title":"Bad","status":"secret","views":-1,"rating":7}'
expect '"code":"VALIDATION_ERROR"'
expect '"field":"body","rule":"required"'
expect '"field":"status","rule":"enum"'
expect '"field":"views","rule":"min"'
expect '"field":"rating","rule":"max"'

echo; echo '## 11. Unique conflict'
call 201 -X POST "$API/tags" -H "$JSON" -d '{"name":"java"}'
JAVA_ID=$(record_id)
call 409 -X POST "$API/tags" -H "$JSON" -d '{"name":"java"}'
expect '"code":"CONFLICT"'
expect '"column":"name"'

echo; echo '## 12. Relations: link a tag, include related records, filter through relations'
call 201 -X POST "$API/post_tags" -H "$JSON" -d '{"post_id":"'"$FILTERING_ID"'","tag_id":"'"$JAVA_ID"'"}'
call 409 -X POST "$API/post_tags" -H "$JSON" -d '{"post_id":"'"$FILTERING_ID"'","tag_id":"'"$JAVA_ID"'"}'
expect '"column":"post_id,tag_id"'
call 200 "$API/posts/$FILTERING_ID?include=author,comments,tags"
expect '"author":{"id":"'"$AUTHOR_ID"'"'
expect '"name":"Ada Lovelace"'
expect '"comments":[{"id":"'
expect '"body":"Great read!"'
expect '"tags":[{"id":"'"$JAVA_ID"'"'
expect ',"name":"java"}]}}'
call 200 "$API/posts?filter=author.name:eq:Ada%20Lovelace"
expect_slugs 'filtering,draft-notes'
call 200 "$API/posts?filter=tags.name:eq:java"
expect_slugs 'filtering'
call 400 "$API/posts?include=publisher"
expect '{"error":{"code":"INVALID_QUERY","message":"include: unknown relation '"'publisher'"' on Post"}}'

echo; echo '## 13. Deleting the author cascades: posts soft-deleted, their comments and links deleted'
call 204 -X DELETE "$API/authors/$AUTHOR_ID"
call 200 "$API/posts"
expect '"total":0'
call 200 "$API/posts?filter=deleted_at:not_null"
expect_slugs 'hello-fx,filtering,draft-notes'
call 200 "$API/comments"
expect '"total":0'
call 200 "$API/post_tags"
expect '"total":0'

echo; echo '## 14. Unknown collection'
call 404 "$API/widgets"
expect "No collection named 'widgets'"

printf '\nWalk-through complete.\n'
