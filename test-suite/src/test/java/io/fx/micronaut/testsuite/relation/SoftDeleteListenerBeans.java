package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.PreImageHeader;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Beans of {@code SoftDeleteListenerTest}, public API only: a listener on the soft-deleting Depot and the
 * hard-deleting Pallet that does not observe soft deletes, and a header saying whether the DB step's change carries a
 * pre-image.
 */
final class SoftDeleteListenerBeans {

    static final String SPEC = "SoftDeleteListenerTest";

    private SoftDeleteListenerBeans() {
    }

    /** Records the deletes it is called for: model, id, whether the row left the table, whether it had a pre-image. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Removals implements RecordListener {
        final List<String> seen = Collections.synchronizedList(new ArrayList<>());

        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return model.getName().equals("Depot") || model.getName().equals("Pallet");
        }

        @Override
        public boolean observesSoftDeletes(ModelDescriptor model) {
            return false;
        }

        @Override
        public void afterWrite(RecordChange change) {
            if (change.getOperation() != WriteOperation.DELETE) {
                return;
            }
            seen.add(change.getOperation() + " " + change.getModel().getName() + " " + change.getId()
                + (change.isRemoval() ? " removal" : " soft") + (change.isCascade() ? " cascade" : "")
                + (change.getBefore().isPresent() ? " with pre-image" : ""));
        }
    }

    /** After the DB step: whether the change carries the record before the write. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.DB, position = Position.AFTER)
    static class PreImage extends PreImageHeader {
    }
}
