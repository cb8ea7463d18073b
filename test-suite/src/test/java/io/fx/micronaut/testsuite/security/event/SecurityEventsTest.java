package io.fx.micronaut.testsuite.security.event;

import com.nimbusds.jose.JWSAlgorithm;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.event.LoginFailedEvent;
import io.fx.micronaut.security.event.LoginSucceededEvent;
import io.fx.micronaut.security.event.LogoutAllEvent;
import io.fx.micronaut.security.event.LogoutEvent;
import io.fx.micronaut.security.event.RevocationUnavailableEvent;
import io.fx.micronaut.security.event.TokenRefusedEvent;
import io.fx.micronaut.security.login.LoginAttempts;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 item 3: the security module publishes Micronaut application events, as micronaut-security does, and a
 * listener bean hears each: a login that succeeds, one that fails and one the limits refuse, a refused token (with
 * its code), a logout, a logout-all, and a revocation store that fails (a lookup and a logout's write). No event
 * carries a token or a password.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class SecurityEventsTest extends SecurityServerTest {

    static final String SPEC = "SecurityEventsTest";

    @Inject
    Heard heard;
    @Inject
    FlakyRevoker revoker;
    @Inject
    FailingListener failing;

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.put("fx.security.login-attempts.max-account-failures", "2");
    }

    private Reply login(String account, String password) {
        return api.send("POST", "/api/event-login", "{\"account\":\"" + account + "\",\"password\":\"" + password + "\"}",
            Map.of());
    }

    private String token(String user) {
        return Tokens.hmac(JWSAlgorithm.HS256, Tokens.SECRET, Tokens.claims(user).jwtID(UUID.randomUUID().toString()).build());
    }

    private Reply as(String token, String method, String path) {
        return api.send(method, path, method.equals("POST") ? "{}" : null, Map.of("Authorization", "Bearer " + token));
    }

    @Test
    void loginsThatSucceedFailAndAreThrottledAreHeard() {
        assertEquals(200, login("ann", "right").status());
        assertEquals(401, login("bea", "wrong").status());
        assertEquals(401, login("bea", "wrong").status());
        assertEquals(429, login("bea", "right").status());
        LoginSucceededEvent succeeded = heard.of(LoginSucceededEvent.class).stream()
            .filter(e -> e.account().equals("ann")).findFirst().orElseThrow();
        assertEquals("127.0.0.1", succeeded.clientAddress());
        List<LoginFailedEvent> failed = heard.of(LoginFailedEvent.class).stream().filter(e -> e.account().equals("bea")).toList();
        assertEquals(List.of(false, false, true), failed.stream().map(LoginFailedEvent::throttled).toList());
        assertFalse(heard.toString().contains("right") || heard.toString().contains("wrong"), "no password: " + heard);
    }

    @Test
    void aRefusedTokenIsHeardWithItsCodeButNeverItsText() {
        String expired = Tokens.hmac(JWSAlgorithm.HS256, Tokens.SECRET, Tokens.claims("cid")
            .expirationTime(Tokens.secondsFromNow(-600)).issueTime(Tokens.secondsFromNow(-900)).build());
        assertEquals(401, as(expired, "GET", "/api/whoami-events").status());
        TokenRefusedEvent refused = heard.of(TokenRefusedEvent.class).stream()
            .filter(e -> e.path().equals("/api/whoami-events")).findFirst().orElseThrow();
        assertEquals("TOKEN_EXPIRED", refused.code());
        assertEquals("GET", refused.method());
        assertFalse(heard.toString().contains(expired), "the token never reaches an event");
        assertEquals(401, api.get("/api/whoami-events").status());
        assertEquals(1, heard.of(TokenRefusedEvent.class).stream().filter(e -> e.path().equals("/api/whoami-events")).count(),
            "a request without a credential refuses no token");
    }

    @Test
    void logoutAndLogoutAllAreHeard() {
        assertEquals(204, as(token("dee"), "POST", "/api/logout").status());
        assertTrue(heard.of(LogoutEvent.class).stream().anyMatch(e -> e.userId().equals("dee")), heard::toString);
        Instant before = Instant.now();
        assertEquals(204, as(token("eve"), "POST", "/api/logout-all").status());
        LogoutAllEvent all = heard.of(LogoutAllEvent.class).stream().filter(e -> e.userId().equals("eve")).findFirst()
            .orElseThrow();
        assertFalse(all.cutoff().isBefore(before.minusSeconds(1)));
    }

    @Test
    void aFailingRevocationStoreIsHeardOnALookupAndOnALogout() {
        String token = token("fay");
        revoker.failLookups = true;
        try {
            assertEquals(503, as(token, "GET", "/api/whoami-events").status());
        } finally {
            revoker.failLookups = false;
        }
        revoker.failWrites = true;
        try {
            assertEquals(503, as(token, "POST", "/api/logout-all").status());
        } finally {
            revoker.failWrites = false;
        }
        List<String> operations = heard.of(RevocationUnavailableEvent.class).stream()
            .map(RevocationUnavailableEvent::operation).toList();
        assertTrue(operations.contains("lookup") && operations.contains("logout-all"), operations.toString());
    }

    @Test
    void aListenerThatThrowsChangesNoAnswer() {
        String expired = Tokens.hmac(JWSAlgorithm.HS256, Tokens.SECRET, Tokens.claims("gus")
            .expirationTime(Tokens.secondsFromNow(-600)).issueTime(Tokens.secondsFromNow(-900)).build());
        failing.armed = true;
        try {
            Reply refused = as(expired, "GET", "/api/whoami-events");
            assertEquals(401, refused.status(), "still the refusal, not a 500: " + refused);
            assertEquals("TOKEN_EXPIRED", refused.code());
            assertEquals(204, as(token("hal"), "POST", "/api/logout").status());
        } finally {
            failing.armed = false;
        }
    }

    /** A listener of refused tokens and logouts that throws while armed. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class FailingListener implements ApplicationEventListener<Object> {
        volatile boolean armed;

        @Override
        public void onApplicationEvent(Object event) {
            if (armed && (event instanceof TokenRefusedEvent || event instanceof LogoutEvent)) {
                throw new IllegalStateException("the audit log is down");
            }
        }
    }

    /** Hears every event of the module. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Heard implements ApplicationEventListener<Object> {
        private final List<Object> events = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void onApplicationEvent(Object event) {
            if (event.getClass().getPackageName().equals(LoginFailedEvent.class.getPackageName())) {
                events.add(event);
            }
        }

        <E> List<E> of(Class<E> type) {
            synchronized (events) {
                return events.stream().filter(type::isInstance).map(type::cast).toList();
            }
        }

        @Override
        public String toString() {
            synchronized (events) {
                return events.toString();
            }
        }
    }

    /** A revocation store in memory whose lookups or writes fail while told to. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class FlakyRevoker implements Revoker {
        volatile boolean failLookups;
        volatile boolean failWrites;
        private final Map<String, Instant> tokens = new ConcurrentHashMap<>();
        private final Map<String, Instant> cutoffs = new ConcurrentHashMap<>();

        private static void check(boolean failing) {
            if (failing) {
                throw new IllegalStateException("the store is down");
            }
        }

        @Override
        public void revokeToken(@NonNull String jti, @NonNull Instant expiresAt) {
            check(failWrites);
            tokens.put(jti, expiresAt);
        }

        @Override
        public void revokeUser(@NonNull String userId, @NonNull Instant cutoff, @NonNull Instant retainUntil) {
            check(failWrites);
            cutoffs.put(userId, cutoff);
        }

        @Override
        public boolean isTokenRevoked(@NonNull String jti) {
            check(failLookups);
            return tokens.containsKey(jti);
        }

        @Override
        @NonNull
        public Optional<Instant> userCutoff(@NonNull String userId) {
            check(failLookups);
            return Optional.ofNullable(cutoffs.get(userId));
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Actions {

        /** {@code POST /api/event-login}: "right" is every account's password. */
        @Singleton
        Action login(LoginAttempts attempts, JsonMapper json) {
            return Action.post("/event-login", context -> {
                Map<?, ?> body;
                try {
                    body = json.readValue(context.payload().getRawBody(), Map.class);
                } catch (java.io.IOException e) {
                    throw new FxException(400, "INVALID_JSON", "not JSON");
                }
                String account = (String) body.get("account");
                return attempts.attempt(context, account,
                        () -> "right".equals(body.get("password")) ? Optional.of(account) : Optional.empty())
                    .map(who -> Map.of("user", who))
                    .orElseThrow(() -> new FxException(401, "INVALID_CREDENTIALS", "invalid username or password"));
            }).access(ActionAccess.PUBLIC);
        }

        /** {@code GET /api/whoami-events}: the caller's user id. */
        @Singleton
        Action whoami() {
            return Action.get("/whoami-events", context -> Map.of("user", context.getPrincipal().orElseThrow().userId()));
        }
    }
}
