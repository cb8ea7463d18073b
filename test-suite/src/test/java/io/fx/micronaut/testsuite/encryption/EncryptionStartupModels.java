package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** Deliberately broken models of {@link EncryptionStartupTest}, registered one per application through SpecModels. */
final class EncryptionStartupModels {

    private EncryptionStartupModels() {
    }

    @Introspected
    public static class Misspelt extends BaseModel {
        @Fx("required, encrpyted")
        private String secret;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
    }

    @Introspected
    public static class MisspeltKey extends BaseModel {
        @Fx("encrypted, kye:other")
        private String secret;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
    }

    @Introspected
    public static class NotText extends BaseModel {
        @Fx("encrypted")
        private Integer secret;
        public Integer getSecret() { return secret; }
        public void setSecret(Integer secret) { this.secret = secret; }
    }

    @Introspected
    public static class Filterable extends BaseModel {
        @Fx("encrypted, filterable")
        private String secret;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
    }

    @Introspected
    public static class Sortable extends BaseModel {
        @Fx("sortable, encrypted")
        private String secret;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
    }

    @Introspected
    public static class Indexed extends BaseModel {
        @Fx("encrypted, index")
        private String secret;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
    }

    @Introspected
    public static class KeyAlone extends BaseModel {
        @Fx("key:other")
        private String secret;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
    }

    @Introspected
    public static class Unique extends BaseModel {
        @Fx("encrypted, unique")
        private String secret;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
    }

    @Introspected
    public static class Plain extends BaseModel {
        @Fx("encrypted")
        private String secret;
        @Fx("encrypted, key:garbled")
        private String other;
        public String getSecret() { return secret; }
        public void setSecret(String secret) { this.secret = secret; }
        public String getOther() { return other; }
        public void setOther(String other) { this.other = other; }
    }

    @Introspected
    public static class RelationKey extends BaseModel {
        @Fx("encrypted")
        private String patientId;
        private Patient patient;
        public String getPatientId() { return patientId; }
        public void setPatientId(String patientId) { this.patientId = patientId; }
        public Patient getPatient() { return patient; }
        public void setPatient(Patient patient) { this.patient = patient; }
    }
}
