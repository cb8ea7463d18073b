package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 14's generated malformed-input test: {@code fx.fuzz.cases} (default 2,000) hostile requests over
 * methods, paths, query strings, headers and bodies, generated from {@code fx.fuzz.seed} (printed; set it
 * to replay a run), sent over raw sockets to the real server with the blog-like models. Every answer is
 * below 500; every error under the prefix is the envelope with {@code X-Request-Id}; no body carries
 * internals (stack traces, class names, SQL, {@code jdbc}, file paths) the request did not itself contain;
 * and the server serves a normal read and write afterwards.
 */
@MicronautTest(environments = "test")
@TestDatabase
class MalformedInputFuzzTest {

    private static final long DEFAULT_SEED = 20261124L;
    private static final List<String> INTERNALS = List.of("java.", "javax.", "io.micronaut", "io.netty", "io.fx.",
        "exception", "jdbc", "org.h2", "org.postgresql", "sqlstate", "hikari", "\tat ", ".java:", "caused by",
        "/work/", "/home/", "/tmp/", "/root/", "select ", "insert into", "update ", "delete from", " where ",
        "syntax error", "stack");

    @Inject
    Api api;
    @Inject
    RawHttp raw;

    @Test
    void hostileRequestsGetEnvelopesAndNeverA5xx() {
        long seed = Long.getLong("fx.fuzz.seed", DEFAULT_SEED);
        int cases = Integer.getInteger("fx.fuzz.cases", 2000);
        System.out.println("MalformedInputFuzzTest: seed " + seed + " (replay with -Dfx.fuzz.seed=" + seed + "), "
            + cases + " cases");
        String article = (String) api.post("/api/articles", Map.of("title", "fuzz target", "body", "b",
            "slug", "fuzz-" + seed)).data().get("id");
        FuzzRequests generator = new FuzzRequests(new Random(seed), article);
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            FuzzRequests.Case request = generator.next();
            RawHttp.Answer answer = raw.send(request.bytes());
            String problem = problem(request, answer);
            if (problem != null) {
                failures.add("case " + i + " (seed " + seed + "): " + problem + "\n  request: "
                    + printable(request.bytes()) + "\n  answer: " + answer);
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + cases + " answers broke a rule; first ones:\n"
                + String.join("\n", failures.subList(0, Math.min(10, failures.size()))));
        }
        Api.Reply created = api.post("/api/articles", Map.of("title", "after", "body", "the storm"));
        assertEquals(201, created.status(), "still serves writes: " + created);
        Api.Reply read = api.get("/api/articles/" + created.data().get("id"));
        assertEquals("the storm", read.data().get("body"), "still serves reads: " + read);
        assertEquals(200, api.get("/api/articles?filter=title:eq:after").status());
    }

    private String problem(FuzzRequests.Case request, RawHttp.Answer answer) {
        if (answer.status() < 0) {
            return "no answer";
        }
        if (answer.status() >= 500) {
            return "5xx";
        }
        if (answer.status() >= 400 && request.underPrefix()) {
            if (request.head()) {
                if (answer.header("X-Request-Id") == null) {
                    return "no X-Request-Id";
                }
            } else if (!RawEnvelopes.isEnvelope(answer)) {
                return "not the envelope";
            }
        }
        String body = answer.body().toLowerCase(Locale.ROOT);
        String sent = new String(request.bytes(), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
        for (String internal : INTERNALS) {
            if (body.contains(internal) && !sent.contains(internal.trim())) {
                return "internals in the body: '" + internal + "'";
            }
        }
        return null;
    }

    private static String printable(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        String shown = text.length() > 600 ? text.substring(0, 600) + "…(" + text.length() + " bytes)" : text;
        StringBuilder out = new StringBuilder();
        for (char c : shown.toCharArray()) {
            out.append(c == '\r' ? "\\r" : c == '\n' ? "\\n" : c < 0x20 || c > 0x7e ? String.format("\\x%02x", (int) c) : String.valueOf(c));
        }
        return out.toString();
    }

    /** The same seed generates the same requests, so a failing run can be replayed. */
    @Test
    void theGeneratorIsReproducible() {
        FuzzRequests a = new FuzzRequests(new Random(7), "id");
        FuzzRequests b = new FuzzRequests(new Random(7), "id");
        for (int i = 0; i < 200; i++) {
            assertTrue(Arrays.equals(a.next().bytes(), b.next().bytes()), "case " + i);
        }
    }
}
