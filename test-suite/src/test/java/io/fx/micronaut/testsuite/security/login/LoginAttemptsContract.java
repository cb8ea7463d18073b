package io.fx.micronaut.testsuite.security.login;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.login.LoginAttempts;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.RawHttp.Answer;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LoginAttempts} through the real server, for every backend of the counts (each subclass starts the server
 * on its own): a login action of the test's ({@code POST /api/attempt}, password {@code right}, names starting
 * with {@code ghost} do not exist) under limits of {@value #ACCOUNT} failures per account and {@value #ADDRESS}
 * per client address. Requests come from addresses of 127/8 of each test's own, so the address counts of the tests
 * stay apart; accounts carry a random suffix, so counts kept in a shared Redis or database from earlier runs do
 * not meet them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class LoginAttemptsContract {

    static final String SPEC = "LoginAttemptsContract";
    static final int ACCOUNT = 3;
    static final int ADDRESS = 8;
    static final Map<String, Object> TOO_MANY = Map.of("code", "TOO_MANY_REQUESTS",
        "message", "too many failed logins; try again later");
    private static final AtomicInteger ADDRESSES = new AtomicInteger(10);

    protected EmbeddedServer server;
    private JsonMapper json;

    /** @return the configuration of the server (the spec name and the limits are added) */
    protected abstract Map<String, Object> configuration();

    @BeforeAll
    void start() {
        server = start(configuration());
        json = server.getApplicationContext().getBean(JsonMapper.class);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** @return a server of the test's login action on the configuration */
    protected static EmbeddedServer start(Map<String, Object> configuration) {
        return start(configuration, ADDRESS);
    }

    /** @return a server of the test's login action on the configuration, with that per-address limit */
    protected static EmbeddedServer start(Map<String, Object> configuration, int addressLimit) {
        Map<String, Object> all = new java.util.LinkedHashMap<>(configuration);
        all.put("spec.name", SPEC);
        all.put("fx.security.login-attempts.max-account-failures", ACCOUNT);
        all.put("fx.security.login-attempts.max-address-failures", addressLimit);
        return ApplicationContext.run(EmbeddedServer.class, all);
    }

    /** @return a client address no other test of the run uses */
    protected static String newAddress() {
        int n = ADDRESSES.incrementAndGet();
        return "127.0." + (n / 250) + "." + (n % 250 + 2);
    }

    protected static String account(String kind) {
        return kind + "-" + UUID.randomUUID();
    }

    protected static Answer login(EmbeddedServer on, String from, String user, String password) {
        String body = "{\"user\":\"" + user + "\",\"password\":\"" + password + "\"}";
        return new RawHttp("127.0.0.1", on.getPort()).from(from).send("POST /api/attempt HTTP/1.1\r\nHost: localhost\r\n"
            + "Content-Type: application/json\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length
            + "\r\nConnection: close\r\n\r\n" + body);
    }

    protected Answer login(String from, String user, String password) {
        return login(server, from, user, password);
    }

    @SuppressWarnings("unchecked")
    protected Map<String, Object> error(Answer answer) {
        try {
            return (Map<String, Object>) json.readValue(answer.body(), Map.class).get("error");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    protected void wrong(Answer answer) {
        assertEquals(401, answer.status(), answer::toString);
        assertEquals("INVALID_CREDENTIALS", error(answer).get("code"), answer::toString);
    }

    protected void throttled(Answer answer) {
        assertEquals(429, answer.status(), answer::toString);
        assertEquals(TOO_MANY, error(answer), answer::toString);
        long retryAfter = Long.parseLong(answer.header("Retry-After"));
        assertTrue(retryAfter > 800 && retryAfter <= 900, answer::toString);
        assertFalse(answer.body().contains("right"), answer::toString);
    }

    /**
     * Fails an account up to its limit on this server, then tries the right password on another instance of the
     * same configuration: refused there too, for a backend that shares the counts.
     *
     * @return the account
     */
    protected String failHereAndTryOnAnotherInstance() {
        String from = newAddress();
        String user = account("user");
        try (EmbeddedServer other = start(configuration())) {
            for (int i = 0; i < ACCOUNT; i++) {
                wrong(login(from, user, "guess"));
            }
            throttled(login(other, from, user, "right"));
        }
        return user;
    }

    @Test
    void pastTheAccountLimitEveryAttemptIs429AlikeWhetherTheAccountExistsOrNot() {
        String from = newAddress();
        for (String user : List.of(account("user"), account("ghost"))) {
            for (int i = 0; i < ACCOUNT; i++) {
                wrong(login(from, user, "guess-" + i));
            }
            throttled(login(from, user, "guess"));
            throttled(login(from, user, "right"));
        }
        assertEquals(200, login(newAddress(), account("user"), "right").status(), "other accounts log in");
    }

    @Test
    void aSuccessClearsTheAccountsCount() {
        String from = newAddress();
        String user = account("user");
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < ACCOUNT - 1; i++) {
                wrong(login(from, user, "guess"));
            }
            Answer ok = login(from, user, "right");
            assertEquals(200, ok.status(), "round " + round + ": " + ok);
        }
        wrong(login(from, user, "guess"));
    }

    @Test
    void pastTheAddressLimitEveryAccountIs429FromThatAddressOnly() {
        String from = newAddress();
        for (int i = 0; i < ADDRESS; i++) {
            wrong(login(from, account("ghost"), "guess"));
        }
        String user = account("user");
        throttled(login(from, user, "right"));
        assertEquals(200, login(newAddress(), user, "right").status(), "the same account from another address");
    }

    @Test
    void concurrentAttemptsCannotOutrunTheLimit() throws Exception {
        String from = newAddress();
        String user = account("user");
        ExecutorService pool = Executors.newFixedThreadPool(10);
        List<Future<Integer>> statuses = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                statuses.add(pool.submit(() -> login(from, user, "guess").status()));
            }
            int refused = 0;
            int tried = 0;
            for (Future<Integer> status : statuses) {
                int code = status.get(30, TimeUnit.SECONDS);
                refused += code == 429 ? 1 : 0;
                tried += code == 401 ? 1 : 0;
            }
            assertEquals(20, refused + tried);
            assertTrue(tried >= 1 && tried <= ACCOUNT, tried + " passwords checked");
        } finally {
            pool.shutdownNow();
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        /** A login action: the password is {@code right} for every name not starting with {@code ghost}. */
        @Singleton
        Action attempt(LoginAttempts attempts, JsonMapper json) {
            return Action.post("/attempt", context -> {
                Map<?, ?> body = read(json, context.payload().getRawBody());
                String user = (String) body.get("user");
                boolean right = "right".equals(body.get("password")) && !user.startsWith("ghost");
                String who = attempts.attempt(context, user, () -> right ? Optional.of(user) : Optional.empty())
                    .orElseThrow(() -> new FxException(401, "INVALID_CREDENTIALS", "invalid username or password"));
                return Map.of("data", Map.of("user", who));
            }).access(ActionAccess.PUBLIC);
        }

        private static Map<?, ?> read(JsonMapper json, byte[] body) {
            try {
                return json.readValue(body, Map.class);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
