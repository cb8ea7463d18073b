package io.fx.micronaut.testsuite.softunique;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import jakarta.inject.Singleton;

import java.util.List;

/** Soft-delete models with unique constraints, registered only for the soft-delete unique tests. */
final class SoftUniqueModels {

    /** The composite unique index of {@link Handle}. */
    static final String SITE_CODE_INDEX = "uidx_handles_site_code";

    private SoftUniqueModels() {
    }

    /** Soft-deletes with a timestamp; a unique slug and a unique (site, code) pair. */
    @Introspected
    public static class Handle extends BaseModel {
        @Fx("unique, filterable")
        private String slug;
        @Fx("filterable")
        private String site;
        @Fx("filterable")
        private String code;
        @Fx("through:HandleLabel")
        private List<Label> labels;

        public List<Label> getLabels() { return labels; }
        public void setLabels(List<Label> labels) { this.labels = labels; }
        public String getSlug() { return slug; }
        public void setSlug(String slug) { this.slug = slug; }
        public String getSite() { return site; }
        public void setSite(String site) { this.site = site; }
        public String getCode() { return code; }
        public void setCode(String code) { this.code = code; }
    }

    /** Soft-deletes with a boolean flag; a unique code. */
    @Introspected
    public static class Voucher extends BaseModel {
        @Fx("unique, filterable")
        private String code;

        public String getCode() { return code; }
        public void setCode(String code) { this.code = code; }
    }

    /** A plain model linked to handles. */
    @Introspected
    public static class Label extends BaseModel {
        private String name;
        @Fx("through:HandleLabel")
        private List<Handle> handles;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public List<Handle> getHandles() { return handles; }
        public void setHandles(List<Handle> handles) { this.handles = handles; }
    }

    /** A junction that soft-deletes: its key pair is unique among live links only. */
    @Introspected
    public static class HandleLabel extends BaseModel {
        @Fx("required, filterable")
        private String handleId;
        @Fx("required, filterable")
        private String labelId;

        public String getHandleId() { return handleId; }
        public void setHandleId(String handleId) { this.handleId = handleId; }
        public String getLabelId() { return labelId; }
        public void setLabelId(String labelId) { this.labelId = labelId; }
    }

    @Singleton
    @Requires(property = "spec.name", pattern = "SoftDeleteUnique.*")
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(
                Handle.class, ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP)
                    .index(new IndexDescriptor(SITE_CODE_INDEX, List.of("site", "code"), true)),
                Voucher.class, ModelOptions.defaults().softDelete(SoftDelete.FLAG),
                Label.class,
                HandleLabel.class, ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP));
        }
    }
}
