package io.fx.micronaut.testsuite.postgres;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** Models of the PostgreSQL tests, whose tables the tests turn into views or give triggers. */
final class PgModels {

    private PgModels() {
    }

    /** Its table becomes a view reporting the session's application_name. */
    @Introspected
    public static class Probe extends BaseModel {
        private String app;

        public String getApp() { return app; }
        public void setApp(String app) { this.app = app; }
    }

    /** A trigger stamps each insert with the session's application_name. */
    @Introspected
    public static class Stamp extends BaseModel {
        private String note;
        @Fx("readonly")
        private String app;

        public String getNote() { return note; }
        public void setNote(String note) { this.note = note; }
        public String getApp() { return app; }
        public void setApp(String app) { this.app = app; }
    }

    /** Its table becomes a view that sleeps. */
    @Introspected
    public static class Sleeper extends BaseModel {
        private String label;

        public String getLabel() { return label; }
        public void setLabel(String label) { this.label = label; }
    }
}
