package io.fx.micronaut.testsuite.startup;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@TestDatabase
class StartupTest {

    static final String PROGRAMMATIC = "StartupTestProgrammatic";

    /** @return an application of its own (spec {@code StartupTest<name>}) registering the model, and the pairs */
    private static Map<String, Object> registering(Class<?> model, Object... extra) {
        Map<String, Object> config = Databases.config("StartupTest" + model.getSimpleName(), extra);
        config.put(SpecModels.PROPERTY, SpecModels.of(model));
        return config;
    }

    @Test
    void registeringAClassThatIsNotAModelFailsNamingIt() {
        String message = Failures.startupFailure(registering(StartupModels.NotAModel.class));
        assertTrue(message.contains(StartupModels.NotAModel.class.getName()), message);
        assertTrue(message.contains("must extend io.fx.micronaut.model.BaseModel"), message);
    }

    @Test
    void anUnsupportedPropertyTypeFailsNamingModelAndField() {
        String message = Failures.startupFailure(registering(StartupModels.BadTypeModel.class));
        assertTrue(message.contains("Model BadTypeModel, field tags"), message);
        assertTrue(message.contains("json_array"), message);
    }

    @Test
    void anUnknownDirectiveIsAWarningNamingTheClosestKnownOne() {
        try (LogCapture log = new LogCapture("io.fx.micronaut.model.internal.ParsedDirectives");
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                 registering(StartupModels.TypoModel.class))) {
            assertTrue(server.isRunning());
            String warnings = log.text();
            assertTrue(warnings.contains("Model TypoModel, field code: unknown directive 'read_only' (did you mean 'readonly'?)"),
                warnings);
        }
    }

    @Test
    void strictModeTurnsTheWarningIntoAFailure() {
        String message = Failures.startupFailure(registering(StartupModels.TypoModel.class, "fx.strict", "true"));
        assertTrue(message.contains("unknown directive 'read_only' (did you mean 'readonly'?)"), message);
        assertTrue(message.contains("fx.strict=true"), message);
    }

    @Test
    void registeringAfterTheAdapterOpenedFailsNamingTheClass() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config("StartupTestLate"))) {
            ModelRegistry registry = server.getApplicationContext().getBean(ModelRegistry.class);
            RuntimeException e = assertThrows(RuntimeException.class,
                () -> registry.register(StartupModels.Gizmo.class));
            assertTrue(e.getMessage().contains(StartupModels.Gizmo.class.getName()), e.getMessage());
            assertTrue(e.getMessage().contains("sealed"), e.getMessage());
        }
    }

    @Test
    void optionsApplyToTheModelRegisteredJustBeforeAndListsAreFlattened() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(PROGRAMMATIC))) {
            Api api = new Api(server);
            Api.Reply created = api.post("/api/gizmo_items", "{\"label\":\"g1\"}");
            assertEquals(201, created.status(), created::toString);
            assertEquals(200, api.get("/api/sprockets").status(), "the options did not leak onto the next model");
            assertEquals(404, api.get("/api/gizmos").status(), "the table name was overridden");
        }
    }
}
