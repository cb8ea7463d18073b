package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Record listeners and after-commit callbacks for {@code RecordListenerTest}, public API only. The
 * recording listener writes every change it sees into {@link Journal}; names steer the refusals:
 * a record named {@code refused} is refused on create, one named {@code locked} on delete (also when
 * a cascade reaches it), {@code upper-me} is upper-cased before it is written, {@code slow} waits
 * until the client has gone away, and {@code crash} throws a plain exception.
 */
final class ListenerBeans {

    static final String SPEC = "RecordListenerTest";

    private ListenerBeans() {
    }

    /** What the listeners and callbacks saw, in order. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Journal {
        final List<String> entries = Collections.synchronizedList(new ArrayList<>());

        void add(String entry) {
            entries.add(entry);
        }

        List<String> drain() {
            synchronized (entries) {
                List<String> copy = List.copyOf(entries);
                entries.clear();
                return copy;
            }
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Recording implements RecordListener {

        private static final Set<String> MODELS = Set.of("Shop", "Rack", "Tally");
        private final Journal journal;
        private final DataStore store;

        Recording(Journal journal, DataStore store) {
            this.journal = journal;
            this.store = store;
        }

        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return MODELS.contains(model.getName());
        }

        @Override
        public void beforeWrite(RecordChange change) {
            Object name = change.getValues().containsKey("name") ? change.getValues().get("name")
                : change.getBefore().map(b -> b.get("name")).orElse(null);
            journal.add("before " + describe(change) + " name=" + name);
            if ("refused".equals(name)) {
                throw new FxException(422, "REFUSED", "refused by listener");
            }
            if ("crash".equals(name)) {
                throw new IllegalStateException("listener crashed: internal detail");
            }
            if ("locked".equals(name) && change.getOperation().name().equals("DELETE")) {
                throw new FxException(409, "LOCKED", change.getModel().getName() + " is locked");
            }
            if ("upper-me".equals(name)) {
                change.getValues().put("name", "UPPER-ME");
            }
            if ("slow".equals(name)) {
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (!change.getContext().isCancelled() && System.nanoTime() < deadline) {
                    sleep();
                }
            }
        }

        @Override
        public void afterWrite(RecordChange change) {
            String before = change.getBefore().map(b -> String.valueOf(b.get("name"))).orElse("-");
            String after = change.getAfter().map(a -> String.valueOf(a.get("name"))).orElse("-");
            String subject = describe(change);
            journal.add("after " + subject + " " + before + " -> " + after);
            store.afterCommit(change.getContext(), () -> journal.add("committed " + subject));
            store.afterRollback(change.getContext(), () -> journal.add("rolled back " + subject));
        }

        private static String describe(RecordChange change) {
            return change.getOperation() + " " + change.getModel().getName() + (change.isCascade() ? " (cascade)" : "");
        }

        private static void sleep() {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Before the DB step: the stored record of an update or delete, read once and kept on the context. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.SERVICE)
    static class StoredRecordHeader implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            if (Operation.UPDATE.equals(context.getOperation()) || Operation.DELETE.equals(context.getOperation())) {
                Map<String, Object> stored = context.getStoredRecord().orElse(null);
                context.response().setHeader("X-Stored-Name", stored == null ? "none" : String.valueOf(stored.get("name")));
                if (context.getStoredRecord().orElse(null) != stored) {
                    throw new IllegalStateException("the stored record was read twice");
                }
            }
            next.next();
        }
    }

    /** After the DB step: the change the step made, with its pre-image. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.DB, position = Position.AFTER)
    static class ChangeHeader implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            context.getRecordChange().ifPresent(change -> context.response().setHeader("X-Change",
                change.getOperation() + " " + change.getBefore().map(b -> b.get("name")).orElse("-") + " -> "
                    + change.getAfter().map(a -> a.get("name")).orElse("-")));
            next.next();
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Actions {

        /** Creates a shop through the accessors, then fails a second statement: the whole transaction rolls back. */
        @Singleton
        Action failing() {
            return Action.post("/listened/failing", context -> context.transaction().run(() -> {
                context.getModels().of("Shop").create(Map.of("name", "doomed", "tenant_id", "T"));
                context.getModels().execute("INSERT INTO no_such_table VALUES (1)");
                return Map.of();
            })).access(ActionAccess.PUBLIC);
        }

        /** Three after-commit callbacks in one transaction, the second of which throws. */
        @Singleton
        Action ordered(Journal journal) {
            return Action.post("/listened/ordered", context -> context.transaction().run(() -> {
                context.getModels().of("Shop").create(Map.of("name", "ordered", "tenant_id", "T"));
                context.transaction().afterCommit(() -> journal.add("callback 1"));
                context.transaction().afterCommit(() -> {
                    throw new IllegalStateException("callback failed on purpose");
                });
                context.getModels().afterCommit(() -> journal.add("callback 3"));
                return Map.of("ok", true);
            })).access(ActionAccess.PUBLIC);
        }

        /** An after-commit registration outside a transaction. */
        @Singleton
        Action outside() {
            return Action.post("/listened/outside", context -> {
                context.transaction().afterCommit(() -> { });
                return Map.of();
            }).access(ActionAccess.PUBLIC);
        }
    }
}
