package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import jakarta.inject.Singleton;

/**
 * Models of the database tests, registered only where a test asks: Legacy through {@code SpecModels}, Metric by
 * its fenced registrar.
 */
final class DbModels {

    private DbModels() {
    }

    /** A model whose table exists before startup with drift. */
    @Introspected
    public static class Legacy extends BaseModel {
        @Fx("filterable")
        private String name;
        private Long amount;
        @Fx("unique, filterable")
        private String note;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public Long getAmount() { return amount; }
        public void setAmount(Long amount) { this.amount = amount; }
        public String getNote() { return note; }
        public void setNote(String note) { this.note = note; }
    }

    /** A large table for the deadline tests. */
    @Introspected
    public static class Metric extends BaseModel {
        @Fx("filterable")
        private String label;

        public String getLabel() { return label; }
        public void setLabel(String label) { this.label = label; }
    }

    @Singleton
    @Requires(property = "spec.name", pattern = "QueryTimeoutTest|AbandonedRequestsTest|ConnectionWaitDeadlineTest|QueryTimeoutDefaultTest")
    static class MetricRegistrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(Metric.class);
        }
    }
}
