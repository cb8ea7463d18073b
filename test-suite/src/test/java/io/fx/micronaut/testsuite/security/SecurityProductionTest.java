package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.production.ProductionValidator;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Production validation through the {@code AccessGuard} classification of the module's middleware: an
 * authenticator covers everything, unless {@code allowAnonymous()} stands before it; then only public
 * declarations ({@code allowPublicRead()}) and authorisers cover.
 */
@TestDatabase
class SecurityProductionTest {

    static final String AUTHENTICATED = "SecurityProductionTestAuthenticated";
    static final String ANONYMOUS = "SecurityProductionTestAnonymous";

    private static EmbeddedServer start(String spec, Object... extra) {
        Object[] all = new Object[extra.length + 2];
        all[0] = "fx.security.jwt.secret";
        all[1] = SECRET;
        System.arraycopy(extra, 0, all, 2, extra.length);
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(spec, all));
    }

    @Test
    void anAuthenticatorCoversEveryOperationAndProtectedAction() {
        try (EmbeddedServer server = start(AUTHENTICATED, "fx.production", "true")) {
            assertEquals(List.of(), server.getApplicationContext().getBean(ProductionValidator.class).findUncovered());
        }
    }

    @Test
    void behindAllowAnonymousOnlyPublicDeclarationsAndAuthorisersCover() {
        try (EmbeddedServer server = start(ANONYMOUS)) {
            List<String> uncovered = server.getApplicationContext().getBean(ProductionValidator.class).findUncovered();
            String all = String.join("\n", uncovered);
            int models = (int) server.getApplicationContext().getBean(ModelRegistry.class).getModels().stream()
                .filter(m -> !m.isHeadless()).count();
            long histories = uncovered.stream().filter(u -> u.contains(" sub-resource history ")).count();
            // Bulletin: reads public, CREATE authorised; Notice: DELETE blocked; the PROTECTED action is open;
            // and each versioned model's history, which the anonymous admission leaves open too
            assertEquals(models * 5 - 3 - 1 + 1, uncovered.size() - histories, all);
            assertTrue(all.contains("model Chronicle sub-resource history operation READ_HISTORY"), all);
            assertFalse(all.contains("model Bulletin operation LIST"), all);
            assertFalse(all.contains("model Bulletin operation READ"), all);
            assertFalse(all.contains("model Bulletin operation CREATE"), all);
            assertTrue(all.contains("model Bulletin operation UPDATE: no Auth-step middleware"), all);
            assertFalse(all.contains("model Notice operation DELETE"), all);
            assertTrue(all.contains("model Dossier operation READ"), all);
            assertTrue(all.contains("action GET /guarded: declared PROTECTED but no Auth-step middleware covers actions"), all);
        }
        assertStartupFailure("Production validation failed", ANONYMOUS, "fx.security.jwt.secret",
            SECRET, "fx.production", "true");
    }

    @Factory
    @Requires(property = "spec.name", pattern = AUTHENTICATED + "|" + ANONYMOUS)
    static class BothBeans {

        @Singleton
        @Named("guarded")
        Action guarded() {
            return Action.get("/guarded", context -> null).access(ActionAccess.PROTECTED);
        }
    }

    @Factory
    @Requires(property = "spec.name", value = ANONYMOUS)
    static class AnonymousBeans {

        @Singleton
        PipelineConfigurer rules() {
            return registry -> {
                registry.use(Step.AUTH, FxSecurity.allowAnonymous());
                registry.use(Step.AUTH, FxSecurity.allowPublicRead(), MiddlewareOptions.before().models("Bulletin"));
                registry.use(Step.AUTH, FxSecurity.requireRole("editor"),
                    MiddlewareOptions.after().models("Bulletin").operations(Operation.CREATE));
                registry.use(Step.AUTH, FxSecurity.blockOperation(Operation.DELETE), MiddlewareOptions.before().models("Notice"));
            };
        }
    }
}
