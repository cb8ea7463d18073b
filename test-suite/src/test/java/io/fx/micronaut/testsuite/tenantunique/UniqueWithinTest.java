package io.fx.micronaut.testsuite.tenantunique;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The storage SPI behind issue 26 S6, without the security module: a {@link ScopeResolver} that says which
 * columns partition uniqueness ({@link ScopeResolver#uniqueWithin}) makes auto-migration build every unique
 * key of the model led by them, here through {@link ScopeResolver#forModels}. A resolver naming a column the
 * model lacks fails startup naming both.
 */
@TestDatabase
class UniqueWithinTest {

    static final String SPEC = "UniqueWithinTest";

    @Test
    void uniquenessHoldsWithinThePartitionTheResolverNames() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC))) {
            Api api = new Api(server);
            assertEquals(201, api.post("/api/slots", Map.of("workspace", "w1", "label", "east")).status());
            Api.Reply other = api.post("/api/slots", Map.of("workspace", "w2", "label", "east"));
            assertEquals(201, other.status(), "another partition's value is free: " + other);
            Api.Reply duplicate = api.post("/api/slots", Map.of("workspace", "w1", "label", "east"));
            assertEquals(409, duplicate.status(), duplicate.toString());
            assertEquals("CONFLICT", duplicate.code());
            assertEquals("label", ((Map<?, ?>) duplicate.error().get("details")).get("column"));
            assertEquals(2, api.count("/api/slots"), "the refused create wrote nothing");
        }
    }

    @Test
    void aPartitionColumnTheModelLacksFailsStartup() {
        String causes = Failures.startupFailure(
            Databases.config(SPEC + "Bad", "spec.name", SPEC, "unique-within.column", "workspace_id"));
        assertTrue(causes.contains("'workspace_id'") && causes.contains("model Slot"), causes);
    }

    /** A slot of a workspace, with a label unique within its workspace. */
    @Introspected
    public static class Slot extends BaseModel {
        @Fx("filterable")
        private String workspace;
        @Fx("unique, filterable")
        private String label;

        public String getWorkspace() { return workspace; }
        public void setWorkspace(String workspace) { this.workspace = workspace; }
        public String getLabel() { return label; }
        public void setLabel(String label) { this.label = label; }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(Slot.class);
        }
    }

    /** Restricts no row, and partitions the uniqueness of slots by {@code unique-within.column} (workspace). */
    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Resolvers {
        @Singleton
        ScopeResolver workspaces(@Value("${unique-within.column:workspace}") String column) {
            return ScopeResolver.forModels(new ScopeResolver() {
                @Override
                public RecordScope resolve(ModelDescriptor model, StorageContext context) {
                    return RecordScope.unrestricted();
                }

                @Override
                public List<String> uniqueWithin(ModelDescriptor model) {
                    return List.of(column);
                }
            }, "Slot");
        }
    }
}
