package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

import java.util.List;

/**
 * A model with encrypted fields (a unique one under the default key, one under the {@code medical} key name),
 * registered only by the fenced registrars of the encryption tests.
 */
@Introspected
public class Patient extends BaseModel {

    @Fx("required, filterable, sortable")
    private String name;
    @Fx("encrypted, unique")
    private String email;
    @Fx("encrypted, key:medical")
    private String diagnosis;
    private List<PatientVisit> visits;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getEmail() { return email; }
    public void setEmail(String email) { this.email = email; }
    public String getDiagnosis() { return diagnosis; }
    public void setDiagnosis(String diagnosis) { this.diagnosis = diagnosis; }
    public List<PatientVisit> getVisits() { return visits; }
    public void setVisits(List<PatientVisit> visits) { this.visits = visits; }
}
