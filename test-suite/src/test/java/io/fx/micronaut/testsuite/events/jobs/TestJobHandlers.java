package io.fx.micronaut.testsuite.events.jobs;

import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.micronaut.context.annotation.Requires;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;

import java.util.concurrent.TimeUnit;

/** The job handlers of {@link JobQueueContract}, each recording into the context's {@link JobProbe}. */
final class TestJobHandlers {

    private TestJobHandlers() {
    }

    private static int number(JsonNode payload, String field, int otherwise) {
        JsonNode value = payload.isObject() ? payload.get(field) : null;
        return value == null ? otherwise : value.getIntValue();
    }

    /** {@code echo}: succeeds at once. */
    @Singleton
    @Requires(property = "spec.name", value = "JobQueueTest")
    static final class Echo implements JobHandler {
        private final JobProbe probe;

        Echo(JobProbe probe) {
            this.probe = probe;
        }

        @Override
        public String type() {
            return "echo";
        }

        @Override
        public void handle(Job job) {
            probe.enter(job.id());
            probe.payloads.put(job.id(), job.payload());
            probe.leave();
        }
    }

    /** {@code flaky}: fails its first {@code payload.fail_times} attempts. */
    @Singleton
    @Requires(property = "spec.name", value = "JobQueueTest")
    static final class Flaky implements JobHandler {
        private final JobProbe probe;

        Flaky(JobProbe probe) {
            this.probe = probe;
        }

        @Override
        public String type() {
            return "flaky";
        }

        @Override
        public void handle(Job job) {
            int run = probe.enter(job.id());
            probe.leave();
            if (run <= number(job.payload(), "fail_times", 0)) {
                throw new IllegalStateException("flaky failure " + run);
            }
        }
    }

    /** {@code slow}: sleeps {@code payload.millis}. */
    @Singleton
    @Requires(property = "spec.name", value = "JobQueueTest")
    static final class Slow implements JobHandler {
        private final JobProbe probe;

        Slow(JobProbe probe) {
            this.probe = probe;
        }

        @Override
        public String type() {
            return "slow";
        }

        @Override
        public void handle(Job job) throws InterruptedException {
            probe.enter(job.id());
            try {
                Thread.sleep(number(job.payload(), "millis", 100));
                probe.completed.put(job.id(), true);
            } finally {
                probe.leave();
            }
        }
    }

    /** {@code block}: waits until the test releases it (at most 20 s). */
    @Singleton
    @Requires(property = "spec.name", value = "JobQueueTest")
    static final class Block implements JobHandler {
        private final JobProbe probe;

        Block(JobProbe probe) {
            this.probe = probe;
        }

        @Override
        public String type() {
            return "block";
        }

        @Override
        public void handle(Job job) throws InterruptedException {
            probe.enter(job.id());
            try {
                if (!probe.release.await(20, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
                probe.completed.put(job.id(), true);
            } finally {
                probe.leave();
            }
        }
    }
}
