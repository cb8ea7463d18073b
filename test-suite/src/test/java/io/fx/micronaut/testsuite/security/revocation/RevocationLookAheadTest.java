package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.RequestObserver;
import io.fx.micronaut.security.revocation.RevocationStatus;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.testsuite.security.support.Browser;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.fx.micronaut.testsuite.security.support.Refusals.refused;
import static io.fx.micronaut.testsuite.security.support.Tokens.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The revocation look-ahead: a request whose token was verified recently has its lookup started before routing,
 * through {@link Revoker#checkAsync}, and the verifier uses that answer instead of a blocking {@link Revoker#check};
 * a revoked token is still refused, and a look-ahead that fails or never answers is 503
 * {@code REVOCATION_UNAVAILABLE} within {@code fx.security.revocation.timeout}, like a blocking lookup; one that
 * cannot start leaves the lookup to the verifier. The request's pipeline is held until its look-ahead has
 * answered, so it starts with the answer in; a request that never gets to a pipeline (an unknown route) is
 * answered while its lookup is still under way.
 * A session cookie's token is looked up ahead the same way.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class RevocationLookAheadTest extends SecurityServerTest {

    static final String SPEC = "RevocationLookAheadTest";

    @Inject
    AsyncRevoker revoker;

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.revocation("timeout", "600ms").sessions().put("fx.security.session.host-prefix", "false")
            .whoAmI(ActionAccess.PROTECTED);
    }

    @AfterEach
    void storeUp() {
        revoker.mode = Mode.ANSWER;
    }

    /** @return a new token whose first use, and with it its signature's verification, is done */
    private String knownToken(String subject) {
        String token = RevocationTest.token(subject, id());
        assertEquals(200, whoami(token).status(), "the token's first use");
        return token;
    }

    private Reply whoami(String token) {
        return api.withBearer(token).get("/api/whoami");
    }

    @Test
    void aTokenVerifiedBeforeIsLookedUpAheadAndNotAgain() {
        String token = RevocationTest.token("ahead-1", id());
        int checks = revoker.checks.get();
        int ahead = revoker.ahead.get();
        assertEquals(200, whoami(token).status());
        assertEquals(checks + 1, revoker.checks.get(), "a first use: its signature is new, so a blocking lookup");
        assertEquals(ahead, revoker.ahead.get());
        assertEquals(200, whoami(token).status());
        assertEquals(200, whoami(token).status());
        assertEquals(checks + 1, revoker.checks.get(), "no blocking lookup once the token is known");
        assertEquals(ahead + 2, revoker.ahead.get(), "one look-ahead per request");
    }

    @Test
    void aTokenRevokedAfterItsFirstUseIsRefusedByTheLookAhead() {
        String jti = id();
        String token = RevocationTest.token("ahead-2", jti);
        assertEquals(200, whoami(token).status());
        revoker.revokeToken(jti, Instant.now().plusSeconds(600));
        int ahead = revoker.ahead.get();
        refused(whoami(token), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(ahead + 1, revoker.ahead.get());
    }

    @Test
    void aFailingLookAheadIs503WithAGenericMessage() {
        String token = knownToken("ahead-3");
        revoker.mode = Mode.FAIL;
        Reply reply = whoami(token);
        refused(reply, 503, "REVOCATION_UNAVAILABLE", "Service Unavailable");
        assertFalse(reply.text().contains("secret-host"), reply::toString);
        revoker.mode = Mode.ANSWER;
        assertEquals(200, whoami(token).status(), "the next look-ahead answers again");
    }

    @Test
    void aLookAheadThatNeverAnswersIs503WithinTheTimeout() {
        String token = knownToken("ahead-4");
        revoker.mode = Mode.SILENT;
        long started = System.nanoTime();
        refused(whoami(token), 503, "REVOCATION_UNAVAILABLE", null);
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertTrue(millis >= 500 && millis < 3000, "answered after " + millis + " ms");
    }

    @Test
    void aRequestGoesOnWhileItsLookAheadIsUnderWay() {
        String token = knownToken("ahead-6");
        revoker.mode = Mode.SILENT;
        int ahead = revoker.ahead.get();
        Reply reply = api.withBearer(token).get("/api/no/such/route/here");
        assertEquals(404, reply.status(), reply::toString);
        assertEquals(ahead + 1, revoker.ahead.get(), "the lookup was started");
        assertFalse(revoker.lastSilent.isDone(), "answered while the lookup was still under way, not after it timed out");
    }

    @Test
    void aSessionCookieIsLookedUpAheadLikeABearerToken() {
        String jti = id();
        Map<String, String> session = Browser.loggedIn(RevocationTest.token("ahead-7", jti)).headers();
        int checks = revoker.checks.get();
        int ahead = revoker.ahead.get();
        Reply first = api.send("GET", "/api/whoami", null, session);
        assertEquals(200, first.status(), first::toString);
        assertTrue(first.text().contains("\"auth_method\":\"session\""), "authenticated by the session: " + first.text());
        assertEquals(checks + 1, revoker.checks.get(), "a first use: a blocking lookup");
        assertEquals(200, api.send("GET", "/api/whoami", null, session).status());
        assertEquals(checks + 1, revoker.checks.get(), "no blocking lookup once the cookie's token is known");
        assertEquals(ahead + 1, revoker.ahead.get(), "the cookie's token was looked up ahead");
        revoker.revokeToken(jti, Instant.now().plusSeconds(600));
        refused(api.send("GET", "/api/whoami", null, session), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(ahead + 2, revoker.ahead.get());
    }

    @Test
    void thePipelineStartsOnlyOnceItsLookAheadHasAnswered() {
        String token = knownToken("ahead-8");
        revoker.mode = Mode.SLOW;
        int checks = revoker.checks.get();
        assertEquals(200, whoami(token).status());
        assertEquals(checks, revoker.checks.get(), "the look-ahead answered the verifier");
        long answered = revoker.slowAnswered;
        long started = revoker.pipelineStarted;
        assertTrue(answered != 0 && started >= answered, "the pipeline started "
            + (answered - started) / 1_000 + " µs before the look-ahead answered");
    }

    @Test
    void aLookAheadThatCannotStartLeavesTheLookupToTheVerifier() {
        String token = knownToken("ahead-5");
        revoker.mode = Mode.THROW;
        int checks = revoker.checks.get();
        assertEquals(200, whoami(token).status());
        assertEquals(checks + 1, revoker.checks.get(), "the verifier looked the token up itself");
    }

    enum Mode { ANSWER, SLOW, FAIL, SILENT, THROW }

    /** A store that answers {@link #checkAsync} on a thread of its own, as a networked store would, and counts. */
    static final class AsyncRevoker extends CountingRevoker {

        final AtomicInteger ahead = new AtomicInteger();
        volatile Mode mode = Mode.ANSWER;
        /** The last lookup started in {@link Mode#SILENT}, which only the verifier's timeout completes. */
        volatile CompletableFuture<RevocationStatus> lastSilent = new CompletableFuture<>();
        /** When the last {@link Mode#SLOW} lookup answered, and when the last pipeline started ({@link System#nanoTime}). */
        volatile long slowAnswered;
        volatile long pipelineStarted;
        private final ExecutorService io = Executors.newSingleThreadExecutor();

        @Override
        @NonNull
        public Optional<CompletionStage<RevocationStatus>> checkAsync(@NonNull String jti, @NonNull String userId) {
            ahead.incrementAndGet();
            return Optional.of(switch (mode) {
                case ANSWER -> CompletableFuture.supplyAsync(
                    () -> new RevocationStatus(isTokenRevoked(jti), userCutoff(userId).orElse(null)), io);
                case SLOW -> CompletableFuture.supplyAsync(() -> {
                    RevocationStatus status = new RevocationStatus(isTokenRevoked(jti), userCutoff(userId).orElse(null));
                    slowAnswered = System.nanoTime();
                    return status;
                }, CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS, io));
                case FAIL -> CompletableFuture.supplyAsync(() -> {
                    throw new IllegalStateException("store down: secret-host:6379 refused");
                }, io);
                case SILENT -> lastSilent = new CompletableFuture<>();
                case THROW -> throw new IllegalStateException("no connection yet");
            });
        }

        @PreDestroy
        void close() {
            io.shutdownNow();
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        AsyncRevoker revoker() {
            return new AsyncRevoker();
        }

        @Singleton
        RequestObserver pipelineStarts(AsyncRevoker revoker) {
            return new RequestObserver() {
                @Override
                public void onStart(RequestContext context) {
                    revoker.pipelineStarted = System.nanoTime();
                }
            };
        }
    }
}
