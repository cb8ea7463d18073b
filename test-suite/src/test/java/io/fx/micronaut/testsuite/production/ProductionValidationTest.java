package io.fx.micronaut.testsuite.production;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.ProductionValidator;
import io.fx.micronaut.testsuite.support.Failures;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@TestDatabase
class ProductionValidationTest {

    private static Map<String, Object> config(String spec, Object... extra) {
        Map<String, Object> config = Databases.config("ProductionValidationTest" + spec, extra);
        config.put("spec.name", spec);
        return config;
    }

    /** Asserts that every item shows in the listing (the message names the whole listing). */
    private static void assertListed(String all, String... items) {
        for (String item : items) {
            assertTrue(all.contains(item), all);
        }
    }

    /** Asserts that no item shows in the listing. */
    private static void assertNotListed(String all, String... items) {
        for (String item : items) {
            assertFalse(all.contains(item), all);
        }
    }

    @Test
    void aCoveredApplicationStartsInProductionMode() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config(ProductionBeans.PASS, "fx.production", "true"))) {
            assertTrue(server.isRunning());
            ProductionValidator validator = server.getApplicationContext().getBean(ProductionValidator.class);
            assertEquals(List.of(), validator.findUncovered());
            validator.validate();
        }
    }

    @Test
    void theCallListsEveryUncoveredOperationAndAction() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config(ProductionBeans.GAPS))) {
            ProductionValidator validator = server.getApplicationContext().getBean(ProductionValidator.class);
            List<String> uncovered = validator.findUncovered();
            int models = (int) server.getApplicationContext().getBean(ModelRegistry.class).getModels().stream()
                .filter(m -> !m.isHeadless()).count();
            List<String> subResources = uncovered.stream().filter(u -> u.contains(" sub-resource ")).toList();
            // every generated operation of every model, less Widget CREATE (Auth) and Ledger LIST (public);
            // plus the unknown model, the undeclared action and the protected one without action Auth
            assertEquals(models * ProductionValidator.GENERATED_OPERATIONS.size() - 2 + 3,
                uncovered.size() - subResources.size(), String.join("\n", uncovered));
            // and each versioned model's history (READ_HISTORY), which nothing covers here
            assertTrue(subResources.contains("model Chronicle sub-resource history operation READ_HISTORY: no Auth-step "
                + "middleware and no public access declaration"), String.join("\n", subResources));
            String all = String.join("\n", uncovered);
            for (Operation operation : ProductionValidator.GENERATED_OPERATIONS) {
                if (!Operation.CREATE.equals(operation)) {
                    assertTrue(all.contains("model Widget operation " + operation + ": no Auth-step middleware"), all);
                }
                if (!Operation.LIST.equals(operation)) {
                    assertTrue(all.contains("model Ledger operation " + operation + ":"), all);
                }
            }
            assertNotListed(all, "model Widget operation CREATE", "model Ledger operation LIST", "/open");
            assertListed(all, "public access declaration names the model 'Ghost', which is not registered",
                "action GET /undeclared: no access declared (PROTECTED or PUBLIC)",
                "action POST /protected: declared PROTECTED but no Auth-step middleware covers actions");
            RuntimeException e = assertThrows(RuntimeException.class, validator::validate);
            assertTrue(e.getMessage().startsWith("Production validation failed, " + uncovered.size() + " uncovered:"),
                e.getMessage());
            for (String item : uncovered) {
                assertTrue(e.getMessage().contains(item), item);
            }
        }
    }

    @Test
    void productionModeRefusesToStartAnUncoveredApplication() {
        String message = Failures.startupFailure(config(ProductionBeans.GAPS, "fx.production", "true"));
        assertListed(message, "Production validation failed",
            "model Widget operation LIST: no Auth-step middleware and no public access declaration",
            "action GET /undeclared: no access declared");
    }

    @Test
    void httpAccessControlledAssertsThatGlobalFiltersProtectEverything() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
            config(ProductionBeans.GAPS, "fx.production", "true", "fx.http-access-controlled", "true"))) {
            assertTrue(server.isRunning());
            assertEquals(List.of(), server.getApplicationContext().getBean(ProductionValidator.class).findUncovered());
        }
    }
}
