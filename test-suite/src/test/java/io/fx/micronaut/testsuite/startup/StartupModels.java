package io.fx.micronaut.testsuite.startup;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Introspected (not auto-discovered) classes for the startup tests, registered through {@code SpecModels}, and
 * the fenced registrar of the programmatic registration.
 */
final class StartupModels {

    private StartupModels() {
    }

    /** Not a model: does not extend BaseModel. */
    @Introspected
    public static class NotAModel {
        private String name;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
    }

    /** A model with a typo in a directive. */
    @Introspected
    public static class TypoModel extends BaseModel {
        @Fx("read_only, filterable")
        private String code;

        public String getCode() { return code; }
        public void setCode(String code) { this.code = code; }
    }

    /** A model with a property type the framework cannot store. */
    @Introspected
    public static class BadTypeModel extends BaseModel {
        private List<String> tags;

        public List<String> getTags() { return tags; }
        public void setTags(List<String> tags) { this.tags = tags; }
    }

    /** A model registered programmatically with options. */
    @Introspected
    public static class Gizmo extends BaseModel {
        @Fx("required, filterable")
        private String label;

        public String getLabel() { return label; }
        public void setLabel(String label) { this.label = label; }
    }

    /** A second programmatic model, after Gizmo in the same call. */
    @Introspected
    public static class Sprocket extends BaseModel {
        @Fx("filterable")
        private String size;

        public String getSize() { return size; }
        public void setSize(String size) { this.size = size; }
    }

    @Singleton
    @Requires(property = "spec.name", value = StartupTest.PROGRAMMATIC)
    static class ProgrammaticRegistrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(List.of(Gizmo.class, ModelOptions.defaults().table("gizmo_items")), Sprocket.class);
        }
    }
}
