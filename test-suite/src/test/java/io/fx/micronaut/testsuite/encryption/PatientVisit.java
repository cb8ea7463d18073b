package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** A child of {@link Patient} with an encrypted summary, read through includes both ways. */
@Introspected
public class PatientVisit extends BaseModel {

    @Fx("filterable, onDelete:cascade")
    private String patientId;
    @Fx("encrypted")
    private String summary;
    @Fx("filterable, sortable")
    private String room;
    private Patient patient;

    public String getPatientId() { return patientId; }
    public void setPatientId(String patientId) { this.patientId = patientId; }
    public String getSummary() { return summary; }
    public void setSummary(String summary) { this.summary = summary; }
    public String getRoom() { return room; }
    public void setRoom(String room) { this.room = room; }
    public Patient getPatient() { return patient; }
    public void setPatient(Patient patient) { this.patient = patient; }
}
