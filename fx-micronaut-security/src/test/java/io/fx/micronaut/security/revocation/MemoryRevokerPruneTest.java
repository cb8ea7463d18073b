package io.fx.micronaut.security.revocation;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The memory store forgets entries past their deadline every 128 writes, and keeps the live ones. */
class MemoryRevokerPruneTest {

    @Test
    void everyHundredAndTwentyEighthWritePrunes() {
        MemoryRevoker revoker = new MemoryRevoker();
        Instant past = Instant.now().minusSeconds(5);
        revoker.revokeToken("live", Instant.now().plusSeconds(600));
        revoker.revokeUser("live-user", Instant.now(), Instant.now().plusSeconds(600));
        for (int i = 0; i < MemoryRevoker.PRUNE_EVERY - 4; i++) {
            revoker.revokeToken("old-" + i, past);
        }
        revoker.revokeUser("old-user", past, past);
        assertEquals(MemoryRevoker.PRUNE_EVERY - 1, revoker.size(), "127 writes: nothing pruned yet");
        revoker.revokeToken("old-last", past);
        assertEquals(2, revoker.size());
        assertTrue(revoker.isTokenRevoked("live"));
        assertTrue(revoker.userCutoff("live-user").isPresent());
    }
}
