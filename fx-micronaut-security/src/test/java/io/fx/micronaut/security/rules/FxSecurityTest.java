package io.fx.micronaut.security.rules;

import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.AccessGuard;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FxSecurityTest {

    @Test
    void rulesWithoutNamesFailWhenTheyAreBuiltAtStartup() {
        assertThrows(IllegalArgumentException.class, FxSecurity::requireRole);
        assertThrows(IllegalArgumentException.class, FxSecurity::requireScope);
        assertThrows(IllegalArgumentException.class, FxSecurity::requireAnyScope);
        assertThrows(IllegalArgumentException.class, () -> FxSecurity.requireScope("a", " "));
        assertThrows(IllegalArgumentException.class, FxSecurity::blockOperation);
        assertThrows(IllegalArgumentException.class, () -> FxSecurity.requireOwner(" "));
    }

    @Test
    void eachRuleSaysHowItGuardsForProductionValidation() {
        assertEquals(AccessGuard.Access.ALLOWS_ANONYMOUS, ((AccessGuard) FxSecurity.allowAnonymous()).access(Operation.CREATE));
        AccessGuard publicRead = (AccessGuard) FxSecurity.allowPublicRead();
        assertEquals(AccessGuard.Access.DECLARES_PUBLIC, publicRead.access(Operation.LIST));
        assertEquals(AccessGuard.Access.DECLARES_PUBLIC, publicRead.access(Operation.READ));
        assertEquals(AccessGuard.Access.NEUTRAL, publicRead.access(Operation.CREATE));
        assertEquals(AccessGuard.Access.AUTHORISES, ((AccessGuard) FxSecurity.requireRole("r")).access(Operation.DELETE));
        assertEquals(AccessGuard.Access.AUTHORISES, ((AccessGuard) FxSecurity.requireScope("s")).access(Operation.LIST));
        AccessGuard owner = (AccessGuard) FxSecurity.requireOwner("ownerId");
        assertEquals(AccessGuard.Access.NEUTRAL, owner.access(Operation.LIST));
        assertEquals(AccessGuard.Access.AUTHORISES, owner.access(Operation.UPDATE));
        AccessGuard block = (AccessGuard) FxSecurity.blockOperation(Operation.DELETE);
        assertEquals(AccessGuard.Access.AUTHORISES, block.access(Operation.DELETE));
        assertEquals(AccessGuard.Access.NEUTRAL, block.access(Operation.READ));
    }
}
