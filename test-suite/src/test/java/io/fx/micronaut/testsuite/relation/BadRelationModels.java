package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

import java.util.List;

/**
 * Introspected (not auto-discovered) models with broken relation declarations, each registered by its test
 * through {@code SpecModels}.
 */
final class BadRelationModels {

    private BadRelationModels() {
    }

    /** Never registered. */
    @Introspected
    public static class Stranger extends BaseModel {
    }

    /** Lists a model that is not registered. */
    @Introspected
    public static class UnknownTarget extends BaseModel {
        private List<Stranger> strangers;

        public List<Stranger> getStrangers() { return strangers; }
        public void setStrangers(List<Stranger> strangers) { this.strangers = strangers; }
    }

    /** An explicit relation without its companion. */
    @Introspected
    public static class MissingCompanion extends BaseModel {
        @Fx("relation:Owner")
        private String ownerRef;

        public String getOwnerRef() { return ownerRef; }
        public void setOwnerRef(String ownerRef) { this.ownerRef = ownerRef; }
    }

    /** A many-to-many through a model that is not registered. */
    @Introspected
    public static class UnregisteredJunction extends BaseModel {
        @Fx("through:NoSuchJunction")
        private List<Writer> writers;

        public List<Writer> getWriters() { return writers; }
        public void setWriters(List<Writer> writers) { this.writers = writers; }
    }

    /** An unknown referential action. */
    @Introspected
    public static class BadAction extends BaseModel {
        @Fx("onDelete:explode")
        private String writerId;

        public String getWriterId() { return writerId; }
        public void setWriterId(String writerId) { this.writerId = writerId; }
    }

    /** A companion without a key property. */
    @Introspected
    public static class KeylessCompanion extends BaseModel {
        private Writer mentor;

        public Writer getMentor() { return mentor; }
        public void setMentor(Writer mentor) { this.mentor = mentor; }
    }

    /** A has-many whose children hold no key pointing back. */
    @Introspected
    public static class NoBackReference extends BaseModel {
        private List<Hub> hubs;

        public List<Hub> getHubs() { return hubs; }
        public void setHubs(List<Hub> hubs) { this.hubs = hubs; }
    }
}
