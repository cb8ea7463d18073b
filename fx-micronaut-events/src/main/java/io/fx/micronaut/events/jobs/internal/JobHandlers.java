package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.JobHandler;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@link JobHandler} beans by type; two for one type fail startup naming both. */
@Internal
@Singleton
final class JobHandlers {

    /** How often a job whose type has no handler is put back before it is dead. */
    static final int MAX_REQUEUES = 20;

    private final Map<String, JobHandler> byType;

    JobHandlers(List<JobHandler> handlers) {
        Map<String, JobHandler> map = new HashMap<>();
        for (JobHandler handler : handlers) {
            String type = handler.type();
            if (type == null || type.isBlank()) {
                throw new FxConfigurationException("Job handler " + handler.getClass().getName() + " has no type");
            }
            JobHandler other = map.putIfAbsent(type, handler);
            if (other != null) {
                throw new FxConfigurationException("Two job handlers run the type '" + type + "': "
                    + other.getClass().getName() + " and " + handler.getClass().getName());
            }
        }
        this.byType = Map.copyOf(map);
    }

    /**
     * @param type a job type
     * @return its handler
     */
    @NonNull
    Optional<JobHandler> get(@NonNull String type) {
        return Optional.ofNullable(byType.get(type));
    }

    /** @return whether this instance runs no job type */
    boolean isEmpty() {
        return byType.isEmpty();
    }
}
