package io.fx.micronaut.events.jobs;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JobOptionsTest {

    @Test
    void theDefaultsLeaveEverythingToTheConfiguration() {
        JobOptions options = JobOptions.defaults();
        assertNull(options.delay());
        assertNull(options.maxAttempts());
        assertNull(options.uniqueKey());
    }

    @Test
    void eachWitherKeepsTheOthers() {
        JobOptions options = JobOptions.defaults().withDelay(Duration.ofSeconds(3)).withMaxAttempts(2)
            .withUniqueKey("k");
        assertEquals(new JobOptions(Duration.ofSeconds(3), 2, "k"), options);
    }

    @Test
    void refusesWhatCannotBeMeant() {
        assertEquals("delay must not be negative: PT-1S", assertThrows(IllegalArgumentException.class,
            () -> JobOptions.defaults().withDelay(Duration.ofSeconds(-1))).getMessage());
        assertEquals("maxAttempts must be positive: 0", assertThrows(IllegalArgumentException.class,
            () -> JobOptions.defaults().withMaxAttempts(0)).getMessage());
        assertEquals("uniqueKey must not be blank", assertThrows(IllegalArgumentException.class,
            () -> JobOptions.defaults().withUniqueKey(" ")).getMessage());
    }

    @Test
    void statesHaveLowerCaseNames() {
        assertEquals("succeeded", JobState.SUCCEEDED.value());
        assertEquals(JobState.CANCELLED, JobState.of("cancelled").orElseThrow());
        assertEquals(true, JobState.of("SUCCEEDED").isEmpty());
        assertEquals(true, JobState.DEAD.isFinished());
        assertEquals(false, JobState.FAILED.isFinished());
    }
}
