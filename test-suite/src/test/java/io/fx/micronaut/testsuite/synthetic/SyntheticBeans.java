package io.fx.micronaut.testsuite.synthetic;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stand-in for the change-history module, public API only: a synthetic headless {@code JottingLog} model built
 * in code, a record listener that journals every write of a {@link Jotting} into it, and a {@code log}
 * sub-resource served by the READ_HISTORY pipeline, which a middleware guards (header {@code X-Auditor}).
 */
final class SyntheticBeans {

    static final String SPEC = "SyntheticModelTest";
    /** The operation a history-like sub-resource declares for itself (as the history module will). */
    static final Operation READ_HISTORY = Operation.named("READ_HISTORY");
    static final ModelDescriptor MEMO_LOG = ModelDescriptor.synthetic("JottingLog", "jotting_logs")
        .fields(List.of(
            FieldDescriptor.builder("jotting_id", FieldType.STRING, String.class).filterable(true).build(),
            FieldDescriptor.builder("action", FieldType.STRING, String.class).build(),
            FieldDescriptor.builder("title", FieldType.STRING, String.class).build()))
        .headless(true)
        .build();

    private SyntheticBeans() {
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(@NonNull ModelRegistration registration) {
            registration.register(Jotting.class, MEMO_LOG, Tracker.class, ModelOptions.defaults().headless(true));
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Journal implements RecordListener {
        private final Provider<Models> models;

        Journal(Provider<Models> models) {
            this.models = models;
        }

        @Override
        public boolean appliesTo(@NonNull ModelDescriptor model) {
            return model.getName().equals("Jotting");
        }

        @Override
        public void afterWrite(@NonNull RecordChange change) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("jotting_id", change.getId());
            entry.put("action", change.getOperation().name().toLowerCase());
            entry.put("title", change.getAfter().or(change::getBefore).map(r -> r.get("title")).orElse(null));
            models.get().as(change.getContext()).of("JottingLog").create(entry);
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class LogSubResource implements SubResource {
        @Override
        @NonNull
        public String name() {
            return "log";
        }

        @Override
        @NonNull
        public Operation operation() {
            return READ_HISTORY;
        }

        @Override
        public boolean appliesTo(@NonNull ModelDescriptor model) {
            return model.getName().equals("Jotting");
        }

        @Override
        @NonNull
        public Optional<ModelDescriptor> resultModel(@NonNull ModelDescriptor model) {
            return Optional.of(MEMO_LOG);
        }

        @Override
        @Nullable
        public Object load(@NonNull RequestContext context) {
            String id = (String) context.getStoredRecord().orElseThrow().get("id");
            return context.getModels().of("JottingLog").list(Map.of("filter", List.of("jotting_id:eq:" + id),
                "sort", List.of("created_at")));
        }
    }

    /** Only auditors read a jotting's log: the READ_HISTORY pipeline runs this, the READ pipeline does not. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH, operations = "READ_HISTORY")
    static class AuditorsOnly implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            boolean auditor = context.getRequest().map(r -> r.getHeaders().get("X-Auditor")).isPresent();
            if (!auditor) {
                throw ErrorCode.FORBIDDEN.exception("auditors only");
            }
            next.next();
        }
    }
}
