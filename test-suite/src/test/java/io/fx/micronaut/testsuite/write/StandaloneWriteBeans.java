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
import java.util.Map;

/**
 * Beans of {@code StandaloneWritesTest}, public API only: a record listener on {@code Ledger} alone that
 * observes creates and the updates that set the title, a
 * scope on {@code Memo} that restricts only a request with an {@code X-Memo-Text} header, and a header
 * that says whether the DB step's change carries a pre-image (whether the write took the transactional
 * path).
 */
final class StandaloneWriteBeans {

    static final String SPEC = "StandaloneWritesTest";

    private StandaloneWriteBeans() {
    }

    /** Sees every Ledger create, update of its title and delete, with both images. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class LedgerJournal implements RecordListener {
        final List<String> entries = Collections.synchronizedList(new ArrayList<>());

        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return model.getName().equals("Ledger");
        }

        @Override
        public boolean observes(ModelDescriptor model, WriteOperation operation, Map<String, Object> values) {
            return operation == WriteOperation.CREATE || values.containsKey("title");
        }

        @Override
        public void afterWrite(RecordChange change) {
            entries.add(change.getOperation() + " " + change.getBefore().map(b -> b.get("title")).orElse("-") + " -> "
                + change.getAfter().map(a -> a.get("title")).orElse("-"));
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
