package io.fx.micronaut.testsuite.web;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/**
 * Generates hostile HTTP/1.1 requests from a seeded {@link Random}: methods, paths (collections,
 * ids, traversal, bad escapes), query strings (the query language with junk, injection attempts,
 * oversized values), headers (Content-Type, Accept, Content-Encoding, request ids, framing
 * conflicts) and bodies (broken JSON, wrong types, deep nesting, huge numbers, invalid UTF-8).
 */
final class FuzzRequests {

    /** One request and what the test needs to know about it. */
    record Case(byte[] bytes, boolean underPrefix, boolean head) {
    }

    private static final List<String> METHODS = List.of("GET", "GET", "GET", "POST", "POST", "PATCH", "PATCH",
        "DELETE", "HEAD", "OPTIONS", "PUT", "TRACE", "CONNECT", "FOO", "get", "PROPFIND");
    private static final List<String> COLLECTIONS = List.of("articles", "articles", "writers", "books", "reviews",
        "genres", "nope", "ARTICLES", "articles.json", "", "..", "%2e%2e", "articles%00", "art%ZZ");
    private static final List<String> IDS = List.of("00000000-0000-0000-0000-000000000000", "1", "-1", "abc",
        "' OR '1'='1", "..%2f..%2fetc%2fpasswd", "%00", "null", "9".repeat(40), "%E2%98%83", "a/b", "");
    private static final List<String> FIELDS = List.of("title", "body", "status", "views", "rating", "slug",
        "published_at", "labels", "attributes", "secret", "internal_note", "featured", "created_at", "deleted_at",
        "id", "nope", "writer.name", "reviews.body", "title;drop table articles", "\"title\"", "");
    private static final List<String> OPERATORS = List.of("eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike",
        "contains", "starts_with", "ends_with", "in", "not_in", "between", "is_null", "not_null", "has", "not_has",
        "regex", "", "EQ");
    private static final List<String> VALUES = List.of("x", "", "%25", "%25a%25b%25", "_", "1", "-1", "1e999",
        "NaN", "2026-01-01T00:00:00Z", "yesterday", "a,b,c", ",,,", "1,2", "true", "' OR 1=1 --",
        "1; DROP TABLE articles", "%27%3B%20SELECT%20pg_sleep(1)%3B--", "%5Cx00", "%F0%9F%92%A9", "%C3%28",
        "lang%3Den", "[]", "{}", "a".repeat(300), "%2525", "\\u0000");
    private static final List<String> PARAMETERS = List.of("filter", "filter", "sort", "page", "limit", "include",
        "filter[0]", "filter[x]", "filter[99999999999]", "fields", "q", "", "%ZZ", "page[size]");
    private static final List<String> CONTENT_TYPES = List.of("application/json", "application/json",
        "application/json; charset=utf-8", "application/vnd.api+json", "text/plain", "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=--x", "application/xml", "", "application/json; charset=latin1", ";;;",
        "application/json\u0000");
    private static final List<String> ACCEPTS = List.of("", "", "application/json", "*/*", "text/html",
        "application/xml", "text/html;q=0.9, */*;q=0.1", "image/*", "application/json;q=0", "garbage");
    private static final List<String> BODIES = List.of("{\"title\":\"t\",\"body\":\"b\"}", "{", "}", "[]", "null",
        "\"string\"", "42", "{\"title\":1,\"body\":[]}", "{\"views\":\"many\"}", "{\"views\":-5,\"rating\":99}",
        "{\"views\":1.5}", "{\"rating\":1e308}", "{\"status\":\"secret\"}", "{\"labels\":\"not an array\"}",
        "{\"attributes\":[1,2]}", "{\"title\":\"t\",\"body\":\"b\",\"id\":\"forced\"}", "{\"title\":\"\\ud800\"}",
        "{\"title\":\"t\"\"body\":\"b\"}", "{\"__proto__\":{}}", "{\"title\":\"' OR 1=1 --\",\"body\":\"; DROP TABLE x\"}",
        "{\"published_at\":\"not a date\"}", "{\"secret\":null,\"internal_note\":\"x\"}", "", "   ", "\u0000",
        "{\"title\":\"t\",\"body\":\"b\",\"views\":1e999}", "{\"views\":-1e999}", "{\"views\":9223372036854775808}",
        "{\"title\":null,\"status\":null}", "{\"labels\":" + "[".repeat(100) + "]".repeat(100) + "}");

    private final Random random;
    private final String articleId;

    FuzzRequests(Random random, String articleId) {
        this.random = random;
        this.articleId = articleId;
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    Case next() {
        String method = pick(METHODS);
        boolean underPrefix = !chance(5);
        String path = underPrefix ? "/api/" + path() : pick(List.of("/", "/other", "/api2/articles", "//api/articles"));
        String target = path + query();
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(' ')
            .append(chance(97) ? "HTTP/1.1" : pick(List.of("HTTP/1.0", "HTTP/2.0", "HTTP/1.7", "HTTX/1.1", "")))
            .append("\r\n");
        if (!chance(3)) {
            head.append("Host: localhost\r\n");
        }
        if (chance(3)) {
            head.append("Host: evil.example\r\n");
        }
        byte[] body = body(method);
        String contentType = pick(CONTENT_TYPES);
        if (!contentType.isEmpty() && (body.length > 0 || chance(20))) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        String accept = pick(ACCEPTS);
        if (!accept.isEmpty()) {
            head.append("Accept: ").append(accept).append("\r\n");
        }
        headers(head);
        framing(head, body);
        head.append("Connection: close\r\n\r\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes(body);
        return new Case(bytes.toByteArray(), underPrefix, method.equals("HEAD"));
    }

    private String path() {
        String collection = pick(COLLECTIONS);
        return switch (random.nextInt(6)) {
            case 0 -> collection;
            case 1 -> collection + "/" + (chance(50) ? articleId : pick(IDS));
            case 2 -> collection + "/" + pick(IDS) + "/" + pick(List.of("publish", "x", "", "..", "reviews"));
            case 3 -> collection + "/";
            case 4 -> "articles/" + articleId;
            default -> "articles";
        };
    }

    private String query() {
        if (chance(30)) {
            return "";
        }
        StringBuilder query = new StringBuilder("?");
        int parameters = 1 + random.nextInt(chance(5) ? 40 : 4);
        for (int i = 0; i < parameters; i++) {
            if (i > 0) {
                query.append(chance(95) ? "&" : pick(List.of(";", "&&", "%26")));
            }
            String name = pick(PARAMETERS);
            query.append(name).append(chance(95) ? "=" : "");
            query.append(switch (name) {
                case "sort" -> pick(FIELDS) + (chance(60) ? ":" + pick(List.of("asc", "desc", "up", "")) : "");
                case "page", "limit" -> pick(List.of("1", "0", "-1", "2", "200", "201", "99999999999999999999", "x", "1.5", ""));
                case "include" -> pick(List.of("writer", "reviews", "genres", "reviews.book", "nope", "writer.books.reviews",
                    "a,b,c,d,e,f,g,h,i", ""));
                default -> pick(FIELDS) + ":" + pick(OPERATORS) + (chance(85) ? ":" + pick(VALUES) : "");
            });
        }
        return query.toString().replace(" ", chance(90) ? "%20" : " ").replace("\"", "%22");
    }

    private byte[] body(String method) {
        boolean writes = method.equals("POST") || method.equals("PATCH") || method.equals("PUT");
        if (!writes && !chance(5)) {
            return new byte[0];
        }
        return switch (random.nextInt(12)) {
            case 0 -> ("{\"title\":" + "[".repeat(200 + random.nextInt(2000)) + "]".repeat(10)).getBytes(StandardCharsets.UTF_8);
            case 1 -> new byte[] {'{', '"', 't', 'i', 't', 'l', 'e', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
            case 2 -> {
                byte[] noise = new byte[1 + random.nextInt(64)];
                random.nextBytes(noise);
                yield noise;
            }
            case 3 -> ("{\"title\":\"" + "x".repeat(random.nextInt(20_000)) + "\",\"body\":\"b\"}").getBytes(StandardCharsets.UTF_8);
            default -> pick(BODIES).getBytes(StandardCharsets.UTF_8);
        };
    }

    private void headers(StringBuilder head) {
        if (chance(10)) {
            head.append("X-Request-Id: ").append(pick(List.of("trace-1", "a b", "x".repeat(300), "<script>", "%00", "")))
                .append("\r\n");
        }
        if (chance(5)) {
            head.append("Content-Encoding: ").append(pick(List.of("gzip", "deflate", "br", "identity", "x-gzip", "zstd")))
                .append("\r\n");
        }
        if (chance(3)) {
            head.append("X-Big: ").append("h".repeat(20_000)).append("\r\n");
        }
        if (chance(3)) {
            head.append(pick(List.of("No colon here", ": empty name", "Bad Name: x", "X-Nul: a\u0000b"))).append("\r\n");
        }
        if (chance(3)) {
            head.append("Origin: https://evil.example\r\n");
        }
        if (chance(3)) {
            head.append("Expect: ").append(pick(List.of("100-continue", "200-ok"))).append("\r\n");
        }
    }

    private void framing(StringBuilder head, byte[] body) {
        int kind = random.nextInt(100);
        if (kind < 90) {
            if (body.length > 0 || chance(30)) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
        } else if (kind < 93) {
            head.append("Content-Length: ").append(body.length).append("\r\nTransfer-Encoding: chunked\r\n");
        } else if (kind < 96) {
            head.append("Content-Length: ").append(body.length).append("\r\nContent-Length: ").append(body.length + 1)
                .append("\r\n");
        } else if (kind < 98) {
            head.append("Content-Length: ").append(pick(List.of("-1", "abc", "99999999999999999999", "1 2")))
                .append("\r\n");
        } else {
            head.append("Transfer-Encoding: ").append(pick(List.of("gzip", "chunked, identity", "identity"))).append("\r\n");
        }
    }
}
