package io.fx.micronaut.testsuite.events.jobs;

import io.fx.micronaut.events.jobs.JobOptions;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobQueueException;
import io.fx.micronaut.events.jobs.JobState;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The job queue on the in-process store, the default. */
class MemoryJobQueueTest extends JobQueueContract {

    @Override
    Map<String, Object> store() {
        return Map.of();
    }

    @Test
    void jobsAreLostWithTheProcessAndTheClosedQueueRefusesWork() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("echo", payload("n", 1), JobOptions.defaults().withDelay(Duration.ofMinutes(1)));
        assertEquals(JobState.SCHEDULED, queue.status(id).orElseThrow().status());
        context.close();
        JobQueueException refused = assertThrows(JobQueueException.class, () -> queue.enqueue("echo", payload("n", 2)));
        assertEquals("The job queue is shut down", refused.getMessage());
        ApplicationContext again = start();
        assertTrue(again.getBean(JobQueue.class).status(id).isEmpty(), "in memory only");
    }

    @Test
    void shutdownStartsNoQueuedJob() throws Exception {
        ApplicationContext context = start("fx.jobs.concurrency", "1", "fx.shutdown-timeout", "2s");
        JobQueue queue = context.getBean(JobQueue.class);
        JobProbe probe = context.getBean(JobProbe.class);
        String running = queue.enqueue("slow", payload("millis", 300));
        waitUntil(() -> probe.runs(running) == 1, () -> "job " + running + " running");
        String queued = queue.enqueue("echo", payload("n", 2));
        assertEquals(JobState.ENQUEUED, queue.status(queued).orElseThrow().status(), "behind the running one");
        context.close();
        assertTrue(probe.completed.containsKey(running), "the running one finished");
        assertEquals(0, probe.runs(queued), "the queued one was not started once shutdown began");
    }
}
