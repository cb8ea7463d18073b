package io.fx.micronaut.exception;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Error codes as an open type: declared by name and status, gathered and checked by the registry. */
class ErrorCodeTest {

    private static final ErrorCode QUOTA = ErrorCode.of("QUOTA_EXCEEDED", 429);

    @Test
    void aDeclaredCodeCarriesItsNameAndStatusIntoItsExceptions() {
        FxException exception = QUOTA.exception("the quota is used up");
        assertEquals("QUOTA_EXCEEDED", exception.getCode());
        assertEquals(429, exception.getStatus());
        assertTrue(QUOTA.matches(exception));
        assertFalse(ErrorCode.NOT_FOUND.matches(exception));
        assertEquals(ErrorCode.of("QUOTA_EXCEEDED", 429), QUOTA);
        assertEquals("QUOTA_EXCEEDED", QUOTA.toString());
    }

    @Test
    void namesAndStatusesOutsideTheirRangeAreRefused() {
        for (String name : new String[] {"quota", "1QUOTA", "QUOTA-EXCEEDED", "", " QUOTA"}) {
            assertThrows(IllegalArgumentException.class, () -> ErrorCode.of(name, 400), name);
        }
        assertThrows(IllegalArgumentException.class, () -> ErrorCode.of("QUOTA", 302));
        assertThrows(IllegalArgumentException.class, () -> ErrorCode.of("QUOTA", 600));
        assertThrows(IllegalArgumentException.class, () -> ErrorCode.of(null, 400));
    }

    @Test
    void theRegistryListsTheCoreAndEveryModulesCodesByStatus() {
        ErrorCodeRegistry registry = new ErrorCodeRegistry(List.of(new CoreErrorCatalog(), () -> List.of(QUOTA)));
        assertTrue(registry.all().containsAll(ErrorCode.CORE));
        assertEquals(QUOTA, registry.find("QUOTA_EXCEEDED").orElseThrow());
        assertEquals(ErrorCode.CORE.size() + 1, registry.all().size());
        for (int i = 1; i < registry.all().size(); i++) {
            assertTrue(registry.all().get(i - 1).status() <= registry.all().get(i).status(), registry.all().toString());
        }
        assertTrue(registry.find("TOKEN_EXPIRED").isEmpty(), "the security module's codes are not the core's");
    }

    @Test
    void theSameCodeFromTwoCatalogsIsOneButTwoStatusesFailStartup() {
        ErrorCodeRegistry same = new ErrorCodeRegistry(List.of(() -> List.of(QUOTA), () -> List.of(ErrorCode.of("QUOTA_EXCEEDED", 429))));
        assertEquals(List.of(QUOTA), same.all());
        FxConfigurationException clash = assertThrows(FxConfigurationException.class, () -> new ErrorCodeRegistry(
            List.of(() -> List.of(QUOTA), () -> List.of(ErrorCode.of("QUOTA_EXCEEDED", 403)))));
        assertTrue(clash.getMessage().contains("QUOTA_EXCEEDED") && clash.getMessage().contains("403")
            && clash.getMessage().contains("429"), clash.getMessage());
    }
}
