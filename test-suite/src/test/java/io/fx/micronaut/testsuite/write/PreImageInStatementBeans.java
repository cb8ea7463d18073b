package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.HeaderScope;
import io.fx.micronaut.testsuite.support.PreImageHeader;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Beans of {@code PreImageInStatementTest}, public API only: listeners on {@code Gadget} and {@code Memo} that read
 * the pre-image only after the statement (so PostgreSQL reads it in the update itself), a second listener on
 * {@code Ledger} beside such a one that needs it before the statement, a scope on {@code Memo} for requests with an
 * {@code X-Memo-Text} header, and a header saying whether the DB step's change carries a pre-image.
 */
final class PreImageInStatementBeans {

    static final String SPEC = "PreImageInStatementTest";

    private PreImageInStatementBeans() {
    }

    /** What one listener saw of each update: whether {@code before} was there in beforeWrite, and both images after. */
    abstract static class Journal implements RecordListener {
        final List<String> early = Collections.synchronizedList(new ArrayList<>());
        final List<String> images = Collections.synchronizedList(new ArrayList<>());
        private final String model;
        private final String field;

        Journal(String model, String field) {
            this.model = model;
            this.field = field;
        }

        @Override
        public boolean appliesTo(ModelDescriptor descriptor) {
            return descriptor.getName().equals(model);
        }

        @Override
        public void beforeWrite(RecordChange change) {
            if (change.getOperation() == WriteOperation.UPDATE) {
                early.add(change.getBefore().isPresent() ? "before" : "none");
                Object value = change.getValues().get(field);
                if (value instanceof String text && text.startsWith("shout:")) {
                    change.getValues().put(field, text.substring("shout:".length()).toUpperCase());
                }
            }
        }

        @Override
        public void afterWrite(RecordChange change) {
            if (change.getOperation() == WriteOperation.UPDATE) {
                images.add(change.getBefore().map(b -> b.get(field)).orElse("-") + " -> "
                    + change.getAfter().map(a -> a.get(field)).orElse("-"));
            }
        }

        void clear() {
            early.clear();
            images.clear();
        }
    }

    /** Reads Gadget's pre-image after the statement only. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class GadgetJournal extends Journal {
        GadgetJournal() {
            super("Gadget", "name");
        }

        @Override
        public boolean needsPreImageBeforeStatement() {
            return false;
        }
    }

    /** Reads Memo's pre-image after the statement only. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class MemoJournal extends Journal {
        MemoJournal() {
            super("Memo", "text");
        }

        @Override
        public boolean needsPreImageBeforeStatement() {
            return false;
        }
    }

    /** Reads Ledger's pre-image after the statement only, beside {@link LedgerEarlyJournal}. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class LedgerLateJournal extends Journal {
        LedgerLateJournal() {
            super("Ledger", "title");
        }

        @Override
        public boolean needsPreImageBeforeStatement() {
            return false;
        }
    }

    /** Needs Ledger's pre-image in beforeWrite (the default). */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class LedgerEarlyJournal extends Journal {
        LedgerEarlyJournal() {
            super("Ledger", "title");
        }
    }

    /** Memo rows whose text is the request's {@code X-Memo-Text}; unrestricted without the header. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class MemoScope extends HeaderScope {
        MemoScope() {
            super("Memo", "X-Memo-Text", "text");
        }
    }

    /** After the DB step: whether the change carries the record before the write. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.DB, position = Position.AFTER)
    static class PreImage extends PreImageHeader {
    }
}
