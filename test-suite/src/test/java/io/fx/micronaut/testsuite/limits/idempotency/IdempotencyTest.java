package io.fx.micronaut.testsuite.limits.idempotency;

import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Concurrently;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fx.idempotency.*} with the memory store, through the real server: creates of Article and Gadget are
 * guarded (Gadget requires the header), two custom actions carry the middleware in their lists. Replays are the
 * first answer byte for byte with {@code Idempotent-Replayed: true} and run nothing; another body is 422; failures
 * and streamed answers are not kept; callers never share entries; concurrent first requests run once.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdempotencyTest implements TestPropertyProvider {

    static final String SPEC = "IdempotencyTest";
    static final String KEY = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";

    @Inject
    Api api;
    @Inject
    RawHttp raw;
    @Inject
    HandlerCalls calls;
    @Inject
    TokenIssuer issuer;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("spec.name", SPEC,
            "fx.security.jwt.secret", SECRET,
            "fx.idempotency.store", "memory",
            "fx.idempotency.models", "Article,Gadget",
            "fx.idempotency.header-required", "Gadget");
    }

    static String key() {
        return "key-" + UUID.randomUUID();
    }

    static String article(String title) {
        return "{\"title\":\"" + title + "\",\"body\":\"text\"}";
    }

    private Reply post(Api client, String path, String body, String key) {
        return client.send("POST", path, body, key == null ? Map.of() : Map.of(KEY, key));
    }

    private long articles(String title) {
        return api.count(ARTICLES + Api.query("filter", "title:eq:" + title));
    }

    @Test
    void aRepeatedCreateReplaysTheFirstAnswerByteForByteAndWritesOnce() {
        String title = "replay-" + UUID.randomUUID();
        String key = key();
        Reply first = post(api, ARTICLES, article(title), key);
        assertEquals(201, first.status(), first::toString);
        assertNull(first.header(REPLAYED));
        Reply again = post(api, ARTICLES, article(title), key);
        assertEquals(201, again.status(), again::toString);
        assertEquals("true", again.header(REPLAYED));
        assertEquals(first.text(), again.text());
        assertEquals(first.header("Location"), again.header("Location"));
        assertEquals("application/json", again.header("Content-Type"));
        assertEquals(first.header("Content-Type"), again.header("Content-Type"));
        assertNotEquals(first.header("X-Request-Id"), again.header("X-Request-Id"), "a replay has its own request id");
        assertEquals(1, articles(title));
    }

    @Test
    void theSameKeyWithAnotherBodyIsRefused() {
        String key = key();
        String title = "reused-" + UUID.randomUUID();
        post(api, ARTICLES, article(title), key).createdId();
        Reply other = post(api, ARTICLES, article(title + "-other"), key);
        assertEquals(422, other.status(), other::toString);
        assertEquals("IDEMPOTENCY_KEY_REUSED", other.code());
        assertEquals(0, articles(title + "-other"));
        // whitespace alone makes another body: the fingerprint is over the raw bytes
        Reply spaced = post(api, ARTICLES, article(title).replace(",", ", "), key);
        assertEquals("IDEMPOTENCY_KEY_REUSED", spaced.code(), spaced::toString);
    }

    @Test
    void requestsWithoutAKeyRunUnguarded() {
        String title = "keyless-" + UUID.randomUUID();
        post(api, ARTICLES, article(title), null).createdId();
        post(api, ARTICLES, article(title), null).createdId();
        assertEquals(2, articles(title));
    }

    @Test
    void aModelThatRequiresTheHeaderRefusesARequestWithoutIt() {
        String gadget = "{\"name\":\"g\",\"category\":\"tool\"}";
        Reply refused = post(api, GADGETS, gadget, null);
        assertEquals(400, refused.status(), refused::toString);
        assertEquals("IDEMPOTENCY_KEY_REQUIRED", refused.code());
        String key = key();
        String id = post(api, GADGETS, gadget, key).createdId();
        Reply again = post(api, GADGETS, gadget, key);
        assertEquals("true", again.header(REPLAYED));
        assertEquals(id, again.data().get("id"));
    }

    @Test
    void invalidKeysAreRefused() {
        for (String key : List.of("", "\"\"", "k".repeat(256), "\"" + "k".repeat(256) + "\"")) {
            Reply refused = post(api, ARTICLES, article("invalid"), key);
            assertEquals(400, refused.status(), () -> "key of " + key.length() + ": " + refused);
            assertEquals("INVALID_IDEMPOTENCY_KEY", refused.code());
        }
        // bytes outside printable ASCII, which the JDK client will not send: a tab and a Latin-1 letter
        for (String key : List.of("a\tb", "caf\u00e9")) {
            String body = article("invalid");
            RawHttp.Answer answer = raw.send("POST " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n" + KEY + ": " + key
                + "\r\n\r\n" + body);
            assertEquals(400, answer.status(), answer::toString);
            assertEquals("INVALID_IDEMPOTENCY_KEY", ((Map<?, ?>) answer.decoded().get("error")).get("code"));
        }
        assertEquals(0, articles("invalid"));
    }

    @Test
    void aKeyOf255PrintableCharactersAndAQuotedKeyAreAccepted() {
        String longKey = "~".repeat(254) + UUID.randomUUID().toString().charAt(0);
        String title = "long-" + UUID.randomUUID();
        post(api, ARTICLES, article(title), longKey).createdId();
        assertEquals("true", post(api, ARTICLES, article(title), longKey).header(REPLAYED));

        String key = key() + " with spaces !\"#";
        String quotedTitle = "quoted-" + UUID.randomUUID();
        Reply quoted = post(api, ARTICLES, article(quotedTitle), "\"" + key + "\"");
        assertEquals(201, quoted.status(), quoted::toString);
        Reply bare = post(api, ARTICLES, article(quotedTitle), key);
        assertEquals("true", bare.header(REPLAYED), "the sf-string's quotes are not part of the key");
        assertEquals(quoted.text(), bare.text());
        assertEquals(1, articles(quotedTitle));
    }

    @Test
    void aFailedFirstRequestIsNotKeptAndARetryRunsAnew() {
        String key = key();
        String title = "retry-" + UUID.randomUUID();
        String missingBody = "{\"title\":\"" + title + "\"}";
        Reply invalid = post(api, ARTICLES, missingBody, key);
        assertEquals(422, invalid.status(), invalid::toString);
        assertEquals("VALIDATION_ERROR", invalid.code());
        Reply invalidAgain = post(api, ARTICLES, missingBody, key);
        assertEquals(422, invalidAgain.status());
        assertEquals("VALIDATION_ERROR", invalidAgain.code(), "a failure is never replayed");
        assertNull(invalidAgain.header(REPLAYED));

        Reply corrected = post(api, ARTICLES, article(title), key);
        assertEquals(201, corrected.status(), "another body under the key runs, since the failure released it: "
            + corrected);
        assertNull(corrected.header(REPLAYED));
        assertEquals("true", post(api, ARTICLES, article(title), key).header(REPLAYED));
        assertEquals(1, articles(title));

        Reply badJson = post(api, ARTICLES, "{\"title\":", key());
        assertEquals(400, badJson.status(), badJson::toString);
    }

    @Test
    void oneCallerCannotReplayAnothersKey() {
        String alice = issuer.issue("alice-" + UUID.randomUUID(), List.of(), "acme").token();
        String bob = issuer.issue("bob-" + UUID.randomUUID(), List.of(), "acme").token();
        String key = key();
        String title = "scoped-" + UUID.randomUUID();
        Reply aliceFirst = post(api.withBearer(alice), ARTICLES, article(title), key);
        assertEquals(201, aliceFirst.status(), aliceFirst::toString);
        Reply bobFirst = post(api.withBearer(bob), ARTICLES, article(title), key);
        assertEquals(201, bobFirst.status(), bobFirst::toString);
        assertNull(bobFirst.header(REPLAYED), "bob's request ran: he cannot see alice's entry");
        assertNotEquals(aliceFirst.data().get("id"), bobFirst.data().get("id"));
        Reply anonymous = post(api, ARTICLES, article(title), key);
        assertNull(anonymous.header(REPLAYED), "an anonymous caller is scoped by address, not by alice's identity");
        Reply bobDifferent = post(api.withBearer(bob), ARTICLES, article(title + "-b"), key);
        assertEquals("IDEMPOTENCY_KEY_REUSED", bobDifferent.code(), "bob's own entry holds his first body");

        Reply aliceAgain = post(api.withBearer(alice), ARTICLES, article(title), key);
        assertEquals("true", aliceAgain.header(REPLAYED));
        assertEquals(aliceFirst.text(), aliceAgain.text());
        assertEquals(3, articles(title));
    }

    @Test
    void concurrentFirstRequestsRunOnceAndAllGetTheSameAnswer() throws Exception {
        String key = key();
        String title = "concurrent-" + UUID.randomUUID();
        int n = 16;
        List<Reply> all = Concurrently.run(n, i -> post(api, ARTICLES, article(title), key));
        assertTrue(all.stream().allMatch(r -> r.status() == 201), all::toString);
        assertEquals(1, all.stream().map(Reply::text).distinct().count(), "16 identical bodies");
        assertEquals(1, all.stream().map(r -> r.header("Location")).distinct().count());
        assertEquals(1, all.stream().filter(r -> r.header(REPLAYED) == null).count(), "one original");
        assertEquals(n - 1, all.stream().filter(r -> "true".equals(r.header(REPLAYED))).count());
        assertEquals(1, articles(title));
    }

    @Test
    void anActionHashesItsRawBodyAndItsHandlerRunsOnce() {
        String key = key();
        int before = calls.count(IdempotencyBeans.ECHO);
        Reply first = post(api, "/api" + IdempotencyBeans.ECHO, "{\"amount\":1}", key);
        assertEquals(201, first.status(), first::toString);
        assertEquals("/echoes/1", first.header("Location"));
        Reply other = post(api, "/api" + IdempotencyBeans.ECHO, "{\"amount\":2}", key);
        assertEquals(422, other.status(), "another body under the same key: " + other);
        assertEquals("IDEMPOTENCY_KEY_REUSED", other.code());
        Reply again = post(api, "/api" + IdempotencyBeans.ECHO, "{\"amount\":1}", key);
        assertEquals(201, again.status(), again::toString);
        assertEquals("true", again.header(REPLAYED));
        assertEquals(first.text(), again.text());
        assertEquals("/echoes/1", again.header("Location"));
        assertEquals(before + 1, calls.count(IdempotencyBeans.ECHO), "the handler ran once");
    }

    @Test
    void aStreamedAnswerIsNotKept() {
        String key = key();
        int before = calls.count(IdempotencyBeans.STREAM);
        Reply first = post(api, "/api" + IdempotencyBeans.STREAM, "{}", key);
        assertEquals(200, first.status(), first::toString);
        Reply second = post(api, "/api" + IdempotencyBeans.STREAM, "{}", key);
        assertEquals(200, second.status(), second::toString);
        assertNull(second.header(REPLAYED));
        assertEquals(before + 2, calls.count(IdempotencyBeans.STREAM), "each request ran");
        assertNotEquals(first.text(), second.text());
        assertTrue(second.text().startsWith("run "), second::toString);
    }
}
