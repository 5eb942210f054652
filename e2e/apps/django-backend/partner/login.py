"""The partner's own login, for the tests: the signer's session holds their application, then their signing page."""
from django.http import HttpResponseRedirect


def login(request, application_id):
    request.session['application_id'] = str(application_id)
    response = HttpResponseRedirect('/sign/')
    response.status_code = 303  # as after a login form's POST
    return response
