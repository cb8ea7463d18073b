package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/**
 * Deliberately wrong versioned models, introspected but not discovered: only the startup tests' applications
 * register them.
 */
final class HistoryStartupModels {

    private HistoryStartupModels() {
    }

    /** A versioning option that does not exist. */
    @Introspected
    @Fx("versioned:everything")
    public static class UnknownOption extends BaseModel {
    }

    /** A field directive on the class. */
    @Introspected
    @Fx("versioned, filterable")
    public static class FieldDirectiveOnClass extends BaseModel {
    }

    /** {@code versioned} on a field. */
    @Introspected
    public static class VersionedField extends BaseModel {
        @Fx("versioned")
        private String name;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
    }

    /** A versioned model whose history model's name another model already has. */
    @Introspected
    @Fx("versioned")
    public static class Clash extends BaseModel {
    }

    /** A model named as {@link Clash}'s history model. */
    @Introspected
    public static class ClashHistory extends BaseModel {
    }

    /** Versioned through {@code ModelOptions} by a registrar ({@link HistoryOptionsTest}). */
    @Introspected
    public static class Registered extends BaseModel {
        private String label;

        public String getLabel() { return label; }
        public void setLabel(String label) { this.label = label; }
    }
}
