package io.fx.micronaut.testsuite.security.revocation.redis;

import io.fx.micronaut.security.revocation.RevocationUnavailableException;
import io.fx.micronaut.testsuite.support.Api;
import org.junit.jupiter.api.function.Executable;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions on an unreachable store: calls fail with {@link RevocationUnavailableException} in time. */
final class Unavailable {

    /** The store's timeout in these tests. */
    static final Duration TIMEOUT = Duration.ofSeconds(1);
    /** What a failing call may take: the timeout plus scheduling slack on a busy machine. */
    static final Duration LIMIT = TIMEOUT.plusMillis(1500);

    private Unavailable() {
    }

    /** Asserts the call throws {@link RevocationUnavailableException} within {@link #LIMIT}. @return its time */
    static Duration within(String what, Executable call) {
        long start = System.nanoTime();
        assertThrows(RevocationUnavailableException.class, call, what);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(LIMIT) <= 0, what + " took " + took + ", more than " + LIMIT);
        return took;
    }

    /** Asserts {@code /ready} answers the status with the {@code revocation} check as given, and {@code /live} 200. */
    static void probes(Api api, int readyStatus, String revocationCheck) {
        Api.Reply ready = api.get("/api/ready");
        assertEquals(readyStatus, ready.status(), ready.toString());
        assertEquals(revocationCheck, ((Map<?, ?>) ready.body().get("checks")).get("revocation"), ready.toString());
        assertEquals(200, api.get("/api/live").status());
    }
}
