package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.util.concurrent.atomic.LongAdder;

/**
 * One record listener on posts that counts the writes it sees, for measuring what a listener costs
 * (run.sh --variant listened="-Dbench.listener=true"): every post write then runs in a transaction and reads its
 * pre-image under lock, as history or events need. It reads the images after the statement only, as the framework's
 * own listeners do, so on PostgreSQL an update reads its pre-image in the update statement; with
 * {@code -Dbench.listener-pre-image-first=true} it asks for the pre-image before the statement (a separate
 * {@code SELECT … FOR UPDATE}), to measure the difference.
 */
@Singleton
@Requires(property = "bench.listener", value = "true")
public class BenchmarkListener implements RecordListener {

    private final LongAdder seen = new LongAdder();
    private final boolean preImageFirst;

    /** @param preImageFirst whether to ask for the pre-image before the statement */
    public BenchmarkListener(@Value("${bench.listener-pre-image-first:false}") boolean preImageFirst) {
        this.preImageFirst = preImageFirst;
    }

    @Override
    public boolean appliesTo(ModelDescriptor model) {
        return model.getName().equals("Post");
    }

    @Override
    public boolean needsPreImageBeforeStatement() {
        return preImageFirst;
    }

    @Override
    public void afterWrite(RecordChange change) {
        if (change.getBefore().isPresent() || change.getAfter().isPresent()) {
            seen.increment();
        }
    }
}
