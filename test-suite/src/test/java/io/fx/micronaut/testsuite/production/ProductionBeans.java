package io.fx.micronaut.testsuite.production;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.production.PublicAccess;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.Set;
import java.util.stream.Collectors;

/** Two applications: one fully covered ({@code ProductionPass}), one with gaps ({@code ProductionGaps}). */
final class ProductionBeans {

    static final String PASS = "ProductionPass";
    static final String GAPS = "ProductionGaps";

    private ProductionBeans() {
    }

    /** Pass: Auth middleware on every write and on actions, for every model. */
    @Requires(property = "spec.name", value = PASS)
    @FxMiddleware(step = Step.AUTH, operations = {"CREATE", "UPDATE", "DELETE", "ACTION"})
    static class WriteAuth implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            next.next();
        }
    }

    /** Gaps: Auth middleware only on Widget creates. */
    @Requires(property = "spec.name", value = GAPS)
    @FxMiddleware(step = Step.AUTH, models = "Widget", operations = "CREATE")
    static class WidgetCreateAuth implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            next.next();
        }
    }

    @Requires(property = "spec.name", value = PASS)
    @Factory
    static class PassDeclarations {

        /** Reads of every model are public. */
        @Singleton
        PublicAccess publicReads(ModelRegistry registry) {
            Set<String> names = registry.getModels().stream().map(ModelDescriptor::getName).collect(Collectors.toSet());
            return new PublicAccess(names, Set.of(Operation.LIST, Operation.READ));
        }

        /** So is the history of the versioned ones: READ alone does not declare it. */
        @Singleton
        PublicAccess publicHistory(ModelRegistry registry) {
            Set<String> versioned = registry.getModels().stream().filter(m -> m.getVersioning().isPresent())
                .map(ModelDescriptor::getName).collect(Collectors.toSet());
            return new PublicAccess(versioned, Set.of(Operation.READ_HISTORY));
        }

        @Singleton
        Action protectedAction() {
            return Action.post("/jobs/{id}/run", context -> null).access(ActionAccess.PROTECTED);
        }

        @Singleton
        Action publicAction() {
            return Action.get("/status", context -> null).access(ActionAccess.PUBLIC);
        }
    }

    @Requires(property = "spec.name", value = GAPS)
    @Factory
    static class GapDeclarations {

        @Singleton
        PublicAccess ledgerList() {
            return PublicAccess.models("Ledger").operations(Operation.LIST);
        }

        @Singleton
        PublicAccess unknownModel() {
            return PublicAccess.models("Ghost");
        }

        @Singleton
        Action undeclared() {
            return Action.get("/undeclared", context -> null);
        }

        @Singleton
        Action protectedWithoutAuth() {
            return Action.post("/protected", context -> null).access(ActionAccess.PROTECTED);
        }

        @Singleton
        Action open() {
            return Action.get("/open", context -> null).access(ActionAccess.PUBLIC);
        }
    }
}
