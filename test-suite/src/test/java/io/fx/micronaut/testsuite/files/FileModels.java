package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * The models of the files tests: introspected, not discovered, registered only in the applications of those tests
 * ({@code spec.files=true}) by {@link Registrar}, so no other test's database or document sees them.
 */
final class FileModels {

    /** The property that registers these models. */
    static final String PROPERTY = "spec.files";

    private FileModels() {
    }

    /** Registers the models below, the album soft-deleting. */
    @Singleton
    @Requires(property = PROPERTY, value = "true")
    static final class Registrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(Document.class, Album.class, ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP),
                Drawer.class, Card.class);
        }
    }

    /** Every kind of file field. */
    @Introspected
    public static class Document extends BaseModel {
        @Fx("required")
        private String title;
        @Fx("unique")
        private String code;
        private Long count;
        @Fx("json_object")
        private Map<String, Object> meta;
        @Fx("file, max_size:1KB, accept:image/png|image/jpeg")
        private String cover;
        @Fx("file")
        private String attachment;
        @Fx("file, auto_delete:false")
        private String keep;
        @Fx("file, readonly")
        private String locked;
        @Fx("file, hidden")
        private String secret;
        @Fx("file, immutable")
        private String stamp;
        @Fx("file, writeonly")
        private String blob;

        public String getTitle() { return title; }
        public void setTitle(String title) { this.title = title; }
        public String getCode() { return code; }
        public void setCode(String code) { this.code = code; }
        public Long getCount() { return count; }
        public void setCount(Long count) { this.count = count; }
        public Map<String, Object> getMeta() { return meta; }
        public void setMeta(Map<String, Object> meta) { this.meta = meta; }
        public String getCover() { return cover; }
        public void setCover(String cover) { this.cover = cover; }
        public String getAttachment() { return attachment; }
        public void setAttachment(String attachment) { this.attachment = attachment; }
        public String getKeep() { return keep; }
        public void setKeep(String keep) { this.keep = keep; }
        public String getLocked() { return locked; }
        public void setLocked(String locked) { this.locked = locked; }
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
        public String getStamp() { return stamp; }
        public void setStamp(String stamp) { this.stamp = stamp; }
        public String getBlob() { return blob; }
        public void setBlob(String blob) { this.blob = blob; }
    }

    /** Soft-deleting: its file stays when it is deleted. */
    @Introspected
    public static class Album extends BaseModel {
        private String name;
        @Fx("file")
        private String art;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public String getArt() { return art; }
        public void setArt(String art) { this.art = art; }
    }

    /** Deleting a drawer cascades to its pages, whose files go with them. */
    @Introspected
    public static class Drawer extends BaseModel {
        private String name;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
    }

    /** A page of a drawer, with a scan. */
    @Introspected
    public static class Card extends BaseModel {
        @Fx("onDelete:cascade")
        private String drawerId;
        @Fx("file")
        private String scan;

        public String getDrawerId() { return drawerId; }
        public void setDrawerId(String drawerId) { this.drawerId = drawerId; }
        public String getScan() { return scan; }
        public void setScan(String scan) { this.scan = scan; }
    }
}
