package io.fx.micronaut.db.sql;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The models of {@link ReferentialActionsTest}, introspected but registered only by its fenced registrar.
 * The parent soft-deletes, so no foreign key exists and every action is the framework's own:
 * <pre>
 * Shelf (soft) &lt;- Binder (soft, cascade) &lt;- Leaf (cascade)
 *              &lt;- Label (setNull)
 *              &lt;- Bracket (restrict)
 *              &lt;- Sticker (cascade; a record listener covers it, so its edges run row by row)
 * Binder &lt;-&gt; Tag through BinderTag (both keys cascade)
 * </pre>
 */
final class ReferentialModels {

    static final String SPEC = "ReferentialActionsTest";

    private ReferentialModels() {
    }

    /** The parent; soft-deletes. */
    @Introspected
    public static class Shelf extends BaseModel {
        private String name;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
    }

    /** A soft-deleting child of Shelf that cascades; the parent of Leaf; tagged through BinderTag. */
    @Introspected
    public static class Binder extends BaseModel {
        @Fx("onDelete:cascade")
        private String shelfId;
        @Fx("through:BinderTag")
        private List<Tag> tags;

        public String getShelfId() { return shelfId; }
        public void setShelfId(String shelfId) { this.shelfId = shelfId; }
        public List<Tag> getTags() { return tags; }
        public void setTags(List<Tag> tags) { this.tags = tags; }
    }

    /** A hard-deleting grandchild of Shelf, through Binder. */
    @Introspected
    public static class Leaf extends BaseModel {
        @Fx("onDelete:cascade")
        private String binderId;

        public String getBinderId() { return binderId; }
        public void setBinderId(String binderId) { this.binderId = binderId; }
    }

    /** A child of Shelf whose key is cleared. */
    @Introspected
    public static class Label extends BaseModel {
        @Fx("onDelete:setNull")
        private String shelfId;

        public String getShelfId() { return shelfId; }
        public void setShelfId(String shelfId) { this.shelfId = shelfId; }
    }

    /** A child of Shelf that refuses its parent's delete. */
    @Introspected
    public static class Bracket extends BaseModel {
        @Fx("onDelete:restrict")
        private String shelfId;

        public String getShelfId() { return shelfId; }
        public void setShelfId(String shelfId) { this.shelfId = shelfId; }
    }

    /** A cascading child of Shelf that {@link StickerListener} watches. */
    @Introspected
    public static class Sticker extends BaseModel {
        @Fx("onDelete:cascade")
        private String shelfId;

        public String getShelfId() { return shelfId; }
        public void setShelfId(String shelfId) { this.shelfId = shelfId; }
    }

    /** The other side of the many-to-many. */
    @Introspected
    public static class Tag extends BaseModel {
        private String name;
        @Fx("through:BinderTag")
        private List<Binder> binders;

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public List<Binder> getBinders() { return binders; }
        public void setBinders(List<Binder> binders) { this.binders = binders; }
    }

    /** The junction of binders and tags; hard-deletes. */
    @Introspected
    public static class BinderTag extends BaseModel {
        @Fx("required, onDelete:cascade")
        private String binderId;
        @Fx("required, onDelete:cascade")
        private String tagId;

        public String getBinderId() { return binderId; }
        public void setBinderId(String binderId) { this.binderId = binderId; }
        public String getTagId() { return tagId; }
        public void setTagId(String tagId) { this.tagId = tagId; }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(Shelf.class, ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP),
                Binder.class, ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP),
                Leaf.class, Label.class, Bracket.class, Sticker.class, Tag.class, BinderTag.class);
        }
    }

    /** Records every write to a Sticker. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class StickerListener implements RecordListener {
        final List<RecordChange> changes = new CopyOnWriteArrayList<>();

        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return model.getType() == Sticker.class;
        }

        @Override
        public void afterWrite(RecordChange change) {
            changes.add(change);
        }
    }
}
