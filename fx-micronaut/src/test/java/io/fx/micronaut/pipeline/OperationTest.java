package io.fx.micronaut.pipeline;

import io.micronaut.http.HttpMethod;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Operations as an open type: the core's constants, and operations a module declares by name. */
class OperationTest {

    @Test
    void namesResolveToTheCoresConstantsInAnyCase() {
        assertSame(Operation.CREATE, Operation.named("create"));
        assertSame(Operation.READ, Operation.named(" READ "));
        assertEquals("CREATE", Operation.CREATE.name());
        assertTrue(Operation.LIST.isGenerated());
        assertEquals(7, Operation.generated().size());
    }

    @Test
    void aModulesOperationIsEqualByNameAndNotGenerated() {
        Operation history = Operation.named("read-history");
        assertEquals("READ_HISTORY", history.name());
        assertEquals(Operation.named("READ_HISTORY"), history);
        assertEquals(history.hashCode(), Operation.named("read_history").hashCode());
        assertFalse(history.isGenerated());
        assertFalse(Operation.generated().contains(history));
    }

    @Test
    void malformedNamesAreRefused() {
        for (String name : new String[] {"", "1READ", "read history", "read.history", "lesen-ä"}) {
            assertThrows(IllegalArgumentException.class, () -> Operation.named(name), name);
        }
        assertThrows(IllegalArgumentException.class, () -> Operation.named(null));
    }

    @Test
    void methodsMapToTheGeneratedOperations() {
        assertSame(Operation.LIST, Operation.of(HttpMethod.HEAD, false));
        assertSame(Operation.UPDATE, Operation.of(HttpMethod.PATCH, true));
        assertNull(Operation.of(HttpMethod.PUT, true));
        assertNull(Operation.of(HttpMethod.POST, true));
    }
}
