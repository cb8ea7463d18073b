package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.events.jobs.JobOptions;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobState;
import io.fx.micronaut.events.jobs.JobStatus;
import io.fx.micronaut.examples.security.BlogServer;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The events README's "Enqueuing" snippet, run against the blog's {@link JobQueue} (the memory store) and its
 * {@link DigestJob}: the job enqueued at once succeeds, the delayed one holds its unique key (a second enqueue with
 * the key returns its id) until it is cancelled, which frees the key.
 */
class JobQueueExampleTest {

    @Test
    void enqueueLookUpAndCancel() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of())) {
            JobQueue jobs = blog.context().getBean(JobQueue.class);
            // tag::enqueue[]
            JsonNode payload = JsonNode.createObjectNode(Map.of());   // the digest job reads nothing from it
            String id = jobs.enqueue(DigestJob.TYPE, payload);

            // in ten minutes, at most 3 attempts, and only one digest per day in flight
            String daily = jobs.enqueue(DigestJob.TYPE, payload, JobOptions.defaults()
                .withDelay(Duration.ofMinutes(10))
                .withMaxAttempts(3)
                .withUniqueKey("digest-" + LocalDate.now()));

            Optional<JobStatus> status = jobs.status(id);
            boolean cancelled = jobs.cancel(daily);   // only before it runs: scheduled, enqueued, or waiting for a retry
            // end::enqueue[]
            assertEquals(DigestJob.TYPE, status.orElseThrow().type());
            assertTrue(cancelled);
            assertEquals(JobState.CANCELLED, jobs.status(daily).orElseThrow().status());

            JobOptions unique = JobOptions.defaults().withDelay(Duration.ofMinutes(10))
                .withUniqueKey("digest-" + LocalDate.now());
            String next = jobs.enqueue(DigestJob.TYPE, payload, unique);
            assertNotEquals(daily, next, "a cancelled job frees its key");
            assertEquals(next, jobs.enqueue(DigestJob.TYPE, payload, unique), "an unfinished job holds its key");
            assertEquals(JobState.SCHEDULED, jobs.status(next).orElseThrow().status());
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (jobs.status(id).orElseThrow().status() != JobState.SUCCEEDED && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(JobState.SUCCEEDED, jobs.status(id).orElseThrow().status());
        }
    }
}
